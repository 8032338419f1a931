// src/common/types/time_zone.cpp
//
// Time zones as java.time sees them. Names resolve like Spark's getZoneId (ZoneId.of with
// SHORT_IDS after Spark's "+h:mm" fix-ups). A region's offsets come from the system tzdata
// through date/tz once, into a table of transitions searched per value; the last range found
// is cached per thread. The tzdata files list transitions up to 2037; for later instants a
// zone whose daylight-saving rules still recur is read through an earlier year whose dates
// fall on the same weekdays, as java.time keeps applying the last rules.
#include "common/types/time_zone.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <limits>
#include <mutex>
#include <unordered_map>
#include <vector>

#include <date/tz.h>

#include "common/text/ascii_case.hpp"
#include "common/types/time_units.hpp"
#include "common/types/value_text.hpp"

namespace sluice {

namespace {

constexpr int64_t kMinInt64 = std::numeric_limits<int64_t>::min();
constexpr int64_t kMaxInt64 = std::numeric_limits<int64_t>::max();
constexpr int32_t kMaxOffsetSeconds = 18 * 3600;

int64_t secondsToMicrosSaturated(int64_t seconds) {
  if (seconds > kMaxInt64 / kMicrosPerSecond)
    return kMaxInt64;
  if (seconds < kMinInt64 / kMicrosPerSecond)
    return kMinInt64;
  return seconds * kMicrosPerSecond;
}

class FixedOffsetZone final : public TimeZone {
 public:
  FixedOffsetZone(std::string name, int32_t offset) : name_(std::move(name)), offset_(offset) {}

  const std::string& name() const override { return name_; }
  int32_t offsetAtUtc(int64_t) const override { return offset_; }
  int32_t offsetAtLocal(int64_t) const override { return offset_; }
  std::optional<int32_t> fixedOffset() const override { return offset_; }

 private:
  std::string name_;
  int32_t offset_;
};

// The offset range found last by this thread, so that runs of nearby instants skip the search.
struct RangeCache {
  uint64_t zone_serial = 0;
  int64_t begin_micros = 0;
  int64_t end_micros = 0;
  int32_t offset = 0;
};
thread_local RangeCache tls_range_cache;
std::atomic<uint64_t> next_zone_serial{1};

class RegionZone final : public TimeZone {
 public:
  // Periods of constant offset: period i starts at utc_starts[i] (UTC seconds).
  RegionZone(std::string name, std::vector<int64_t> utc_starts, std::vector<int32_t> offsets)
      : name_(std::move(name)),
        serial_(next_zone_serial.fetch_add(1)),
        utc_starts_(std::move(utc_starts)),
        offsets_(std::move(offsets)) {
    // A wall-clock time belongs to the new period only once it is valid there and no longer
    // valid in the old one: gaps and overlaps both resolve to the earlier offset.
    local_starts_.resize(utc_starts_.size());
    local_starts_[0] = kMinInt64;
    for (size_t i = 1; i < utc_starts_.size(); ++i) {
      local_starts_[i] = utc_starts_[i] + std::max(offsets_[i - 1], offsets_[i]);
    }
    // Rules still in force when the data ends (a transition in its last year, 2037) recur.
    int64_t last = utc_starts_.back();
    CivilDate last_date = civilFromDays(static_cast<int32_t>(floorDivide(last, kSecondsPerDay)));
    if (utc_starts_.size() > 1 && last_date.year >= 2037) {
      recurring_from_utc_ = last;
      recurring_from_local_ = local_starts_.back();
      last_year_ = last_date.year;
    }
  }

  const std::string& name() const override { return name_; }

  int32_t offsetAtUtc(int64_t utc_micros) const override {
    RangeCache& cache = tls_range_cache;
    if (cache.zone_serial == serial_ && utc_micros >= cache.begin_micros &&
        utc_micros < cache.end_micros) {
      return cache.offset;
    }
    int64_t seconds = floorDivide(utc_micros, kMicrosPerSecond);
    if (seconds >= recurring_from_utc_)
      return extrapolate(seconds, /*local=*/false);
    size_t index = periodAt(utc_starts_, seconds);
    cache.zone_serial = serial_;
    cache.begin_micros = index == 0 ? kMinInt64 : secondsToMicrosSaturated(utc_starts_[index]);
    cache.end_micros = index + 1 < utc_starts_.size()
                           ? secondsToMicrosSaturated(utc_starts_[index + 1])
                           : kMaxInt64;
    cache.offset = offsets_[index];
    return cache.offset;
  }

  int32_t offsetAtLocal(int64_t local_micros) const override {
    int64_t seconds = floorDivide(local_micros, kMicrosPerSecond);
    if (seconds >= recurring_from_local_)
      return extrapolate(seconds, /*local=*/true);
    return offsets_[periodAt(local_starts_, seconds)];
  }

 private:
  static size_t periodAt(const std::vector<int64_t>& starts, int64_t seconds) {
    auto after = std::upper_bound(starts.begin(), starts.end(), seconds);
    return static_cast<size_t>(after - starts.begin()) - 1;
  }

  // Reads an instant past the data through the latest earlier year in which its date falls
  // on the same weekday: rules such as "second Sunday of March" then give the same answer.
  int32_t extrapolate(int64_t seconds, bool local) const {
    int64_t days = floorDivide(seconds, kSecondsPerDay);
    int64_t second_of_day = seconds - days * kSecondsPerDay;
    CivilDate date = civilFromDays(static_cast<int32_t>(days));
    uint32_t weekday = isoWeekdayFromDays(days);
    for (int64_t year = last_year_; year > last_year_ - 28; --year) {
      if (date.day > daysInMonth(year, date.month))
        continue;
      int64_t candidate = daysFromCivilWide(year, date.month, date.day);
      if (isoWeekdayFromDays(candidate) != weekday)
        continue;
      int64_t mapped = candidate * kSecondsPerDay + second_of_day;
      return offsets_[periodAt(local ? local_starts_ : utc_starts_, mapped)];
    }
    return offsets_.back();
  }

  std::string name_;
  uint64_t serial_;
  std::vector<int64_t> utc_starts_;
  std::vector<int64_t> local_starts_;
  std::vector<int32_t> offsets_;
  int64_t recurring_from_utc_ = kMaxInt64;
  int64_t recurring_from_local_ = kMaxInt64;
  int64_t last_year_ = 0;
};

// ZoneOffset.getId: "Z", "+hh:mm" or "+hh:mm:ss".
std::string offsetId(int32_t offset) {
  if (offset == 0)
    return "Z";
  std::string out(1, offset < 0 ? '-' : '+');
  int32_t magnitude = offset < 0 ? -offset : offset;
  auto two = [&](int32_t value) {
    out += static_cast<char>('0' + value / 10);
    out += static_cast<char>('0' + value % 10);
  };
  two(magnitude / 3600);
  out += ':';
  two(magnitude / 60 % 60);
  if (magnitude % 60 != 0) {
    out += ':';
    two(magnitude % 60);
  }
  return out;
}

// ZoneOffset.of: "+h", "+hh", "+hhmm", "+hh:mm", "+hhmmss", "+hh:mm:ss", within +-18:00.
std::optional<int32_t> parseOffset(std::string_view text) {
  if (text.size() < 2 || (text[0] != '+' && text[0] != '-'))
    return std::nullopt;
  auto number = [&](size_t pos, bool after_colon, int32_t& out) {
    if (after_colon && text[pos - 1] != ':')
      return false;
    if (!isAsciiDigit(text[pos]) || !isAsciiDigit(text[pos + 1]))
      return false;
    out = (text[pos] - '0') * 10 + (text[pos + 1] - '0');
    return true;
  };
  int32_t hours = 0;
  int32_t minutes = 0;
  int32_t seconds = 0;
  bool ok = false;
  switch (text.size()) {
    case 2:
      ok = isAsciiDigit(text[1]);
      hours = text[1] - '0';
      break;
    case 3:
      ok = number(1, false, hours);
      break;
    case 5:
      ok = number(1, false, hours) && number(3, false, minutes);
      break;
    case 6:
      ok = number(1, false, hours) && number(4, true, minutes);
      break;
    case 7:
      ok = number(1, false, hours) && number(3, false, minutes) && number(5, false, seconds);
      break;
    case 9:
      ok = number(1, false, hours) && number(4, true, minutes) && number(7, true, seconds);
      break;
    default:
      break;
  }
  if (!ok || hours > 18 || minutes > 59 || seconds > 59)
    return std::nullopt;
  int32_t total = hours * 3600 + minutes * 60 + seconds;
  if (total > kMaxOffsetSeconds)
    return std::nullopt;
  return text[0] == '-' ? -total : total;
}

// Spark's getZoneId accepts "+h:mm" and "+hh:m", which java.time does not.
std::string applySparkOffsetFixups(std::string_view name) {
  std::string id(name);
  for (size_t i = 0; i + 2 < id.size(); ++i) {
    if ((id[i] == '+' || id[i] == '-') && isAsciiDigit(id[i + 1]) && id[i + 2] == ':') {
      id.insert(i + 1, 1, '0');
      break;
    }
  }
  size_t n = id.size();
  if (n >= 5 && (id[n - 5] == '+' || id[n - 5] == '-') && isAsciiDigit(id[n - 4]) &&
      isAsciiDigit(id[n - 3]) && id[n - 2] == ':' && isAsciiDigit(id[n - 1])) {
    id.insert(n - 1, 1, '0');
  }
  return id;
}

// java.time.ZoneId.SHORT_IDS.
std::string_view shortIdTarget(std::string_view id) {
  static const std::unordered_map<std::string_view, std::string_view> kShortIds = {
      {"ACT", "Australia/Darwin"},
      {"AET", "Australia/Sydney"},
      {"AGT", "America/Argentina/Buenos_Aires"},
      {"ART", "Africa/Cairo"},
      {"AST", "America/Anchorage"},
      {"BET", "America/Sao_Paulo"},
      {"BST", "Asia/Dhaka"},
      {"CAT", "Africa/Harare"},
      {"CNT", "America/St_Johns"},
      {"CST", "America/Chicago"},
      {"CTT", "Asia/Shanghai"},
      {"EAT", "Africa/Addis_Ababa"},
      {"ECT", "Europe/Paris"},
      {"IET", "America/Indiana/Indianapolis"},
      {"IST", "Asia/Kolkata"},
      {"JST", "Asia/Tokyo"},
      {"MIT", "Pacific/Apia"},
      {"NET", "Asia/Yerevan"},
      {"NST", "Pacific/Auckland"},
      {"PLT", "Asia/Karachi"},
      {"PNT", "America/Phoenix"},
      {"PRT", "America/Puerto_Rico"},
      {"PST", "America/Los_Angeles"},
      {"SST", "Pacific/Guadalcanal"},
      {"VST", "Asia/Ho_Chi_Minh"},
      {"EST", "-05:00"},
      {"MST", "-07:00"},
      {"HST", "-10:00"},
  };
  auto found = kShortIds.find(id);
  return found == kShortIds.end() ? id : found->second;
}

// ZoneRegion's id syntax, then the system tzdata (ids are case-sensitive, as in Java).
std::shared_ptr<const TimeZone> loadRegion(const std::string& id) {
  if (id.size() < 2 || !((id[0] >= 'A' && id[0] <= 'Z') || (id[0] >= 'a' && id[0] <= 'z'))) {
    return nullptr;
  }
  for (char c : id) {
    bool allowed = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || isAsciiDigit(c) ||
                   c == '~' || c == '/' || c == '.' || c == '_' || c == '+' || c == '-';
    if (!allowed)
      return nullptr;
  }
  // Files in the zoneinfo folder that are not zones of Java's database.
  if (id.rfind("posix/", 0) == 0 || id.rfind("right/", 0) == 0 || id == "posixrules" ||
      id == "localtime" || id == "Factory" || id.find("..") != std::string::npos) {
    return nullptr;
  }
  const date::time_zone* zone = nullptr;
  try {
    zone = date::locate_zone(id);
  } catch (const std::exception&) {
    return nullptr;
  }
  using std::chrono::seconds;
  // From before any recorded history to the end of the data, merging periods whose offset
  // does not change (only their abbreviation or DST flag does).
  constexpr int64_t kFirstSecond = -1'000'000'000'000;  // about year -29700
  constexpr int64_t kDataEnd = 900'000'000'000;         // about year 30500
  std::vector<int64_t> utc_starts{kMinInt64};
  std::vector<int32_t> offsets;
  try {
    date::sys_info info = zone->get_info(date::sys_seconds{seconds{kFirstSecond}});
    offsets.push_back(static_cast<int32_t>(info.offset.count()));
    while (info.end.time_since_epoch().count() < kDataEnd) {
      date::sys_seconds start = info.end;
      info = zone->get_info(start);
      auto offset = static_cast<int32_t>(info.offset.count());
      if (offset != offsets.back()) {
        utc_starts.push_back(start.time_since_epoch().count());
        offsets.push_back(offset);
      }
    }
  } catch (const std::exception&) {
    return nullptr;
  }
  if (offsets.size() == 1)
    return std::make_shared<FixedOffsetZone>(id, offsets[0]);
  return std::make_shared<RegionZone>(id, std::move(utc_starts), std::move(offsets));
}

std::shared_ptr<const TimeZone> resolve(std::string_view name) {
  std::string id(shortIdTarget(applySparkOffsetFixups(name)));
  if (id == "Z")
    return std::make_shared<FixedOffsetZone>("Z", 0);
  if (id.size() <= 1 || id[0] == '+' || id[0] == '-') {
    std::optional<int32_t> offset = parseOffset(id);
    if (!offset)
      return nullptr;
    return std::make_shared<FixedOffsetZone>(offsetId(*offset), *offset);
  }
  size_t prefix = 0;
  if (id.rfind("UTC", 0) == 0 || id.rfind("GMT", 0) == 0) {
    prefix = 3;
  } else if (id.rfind("UT", 0) == 0) {
    prefix = 2;
  }
  if (prefix > 0) {
    std::string head = id.substr(0, prefix);
    if (id.size() == prefix)
      return std::make_shared<FixedOffsetZone>(head, 0);
    if (id[prefix] == '+' || id[prefix] == '-') {
      std::optional<int32_t> offset = parseOffset(std::string_view(id).substr(prefix));
      if (!offset)
        return nullptr;
      return std::make_shared<FixedOffsetZone>(*offset == 0 ? head : head + offsetId(*offset),
                                               *offset);
    }
  }
  return loadRegion(id);
}

// Heterogeneous lookup, so that a hit costs no allocation.
struct NameHash {
  using is_transparent = void;
  size_t operator()(std::string_view name) const { return std::hash<std::string_view>{}(name); }
};

struct ZoneCache {
  std::mutex mutex;
  std::unordered_map<std::string, std::shared_ptr<const TimeZone>, NameHash, std::equal_to<>> zones;
};

ZoneCache& zoneCache() {
  static ZoneCache cache;
  return cache;
}

int64_t addSaturated(int64_t value, int64_t delta) {
  int64_t result = 0;
  if (__builtin_add_overflow(value, delta, &result))
    return delta > 0 ? kMaxInt64 : kMinInt64;
  return result;
}

}  // namespace

std::shared_ptr<const TimeZone> TimeZone::find(std::string_view name) {
  ZoneCache& cache = zoneCache();
  {
    std::lock_guard lock(cache.mutex);
    auto found = cache.zones.find(name);
    if (found != cache.zones.end())
      return found->second;
  }
  // Built outside the lock: loading a region reads the tzdata. Unknown names are not kept.
  std::shared_ptr<const TimeZone> zone = resolve(name);
  if (!zone)
    return nullptr;
  std::lock_guard lock(cache.mutex);
  return cache.zones.emplace(std::string(name), std::move(zone)).first->second;
}

const TimeZone& TimeZone::utc() {
  static const FixedOffsetZone kUtc("UTC", 0);
  return kUtc;
}

int64_t TimeZone::toLocal(int64_t utc_micros) const {
  return addSaturated(utc_micros, int64_t{offsetAtUtc(utc_micros)} * kMicrosPerSecond);
}

int64_t TimeZone::toUtc(int64_t local_micros) const {
  return addSaturated(local_micros, -int64_t{offsetAtLocal(local_micros)} * kMicrosPerSecond);
}

bool sameTimeZone(const TimeZone* a, const TimeZone* b) {
  const TimeZone& left = a != nullptr ? *a : TimeZone::utc();
  const TimeZone& right = b != nullptr ? *b : TimeZone::utc();
  return &left == &right || left.name() == right.name();
}

}  // namespace sluice
