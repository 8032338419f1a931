#include "common/types/wkb.hpp"

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstring>

#include <fmt/format.h>

#include "common/error/error.hpp"

namespace sluice {

namespace {

enum class ShapeKind : uint32_t {
  kPoint = 1,
  kLineString = 2,
  kPolygon = 3,
  kMultiPoint = 4,
  kMultiLineString = 5,
  kMultiPolygon = 6,
  kCollection = 7,
};

//! A shape kind's name in Well-Known Text, and as the reader's messages spell it.
struct ShapeNames {
  const char* text;
  const char* title;
};

ShapeNames shapeNames(ShapeKind kind) {
  static constexpr ShapeNames kNames[] = {
      {"POINT", "Point"},
      {"LINESTRING", "LineString"},
      {"POLYGON", "Polygon"},
      {"MULTIPOINT", "MultiPoint"},
      {"MULTILINESTRING", "MultiLineString"},
      {"MULTIPOLYGON", "MultiPolygon"},
      {"GEOMETRYCOLLECTION", "GeometryCollection"},
  };
  return kNames[static_cast<uint32_t>(kind) - 1];
}

struct ShapeHeader {
  ShapeKind kind;
  bool has_z;
  bool has_m;
  int dimensions() const { return 2 + (has_z ? 1 : 0) + (has_m ? 1 : 0); }
};

//! Reads a WKB shape, checking it, and writes its Well-Known Text when `text` is not null.
class WkbReader {
 public:
  WkbReader(std::string_view wkb, std::string* text) : wkb_(wkb), text_(text) {}

  void read() {
    if (wkb_.empty())
      fail("WKB data is empty or null", 0);
    if (wkb_.size() < 5)
      fail("Unexpected end of WKB buffer", 0);
    readShape(nullptr);
  }

 private:
  [[noreturn]] void fail(std::string_view problem, size_t position) const {
    throw Error(ErrorClass::WKB_PARSE_ERROR,
                fmt::format("Error parsing WKB: {} at position {}", problem, position));
  }

  void need(size_t bytes) const {
    if (wkb_.size() - position_ < bytes)
      fail("Unexpected end of WKB buffer", position_);
  }

  uint32_t readCount() {
    need(4);
    uint32_t value;
    std::memcpy(&value, wkb_.data() + position_, 4);
    position_ += 4;
    return little_endian_ ? value : __builtin_bswap32(value);
  }

  double readCoordinate(bool allow_empty) {
    need(8);
    uint64_t bits;
    std::memcpy(&bits, wkb_.data() + position_, 8);
    if (!little_endian_)
      bits = __builtin_bswap64(bits);
    double value = std::bit_cast<double>(bits);
    if (std::isinf(value) || (!allow_empty && std::isnan(value)))
      fail("Invalid coordinate value found", position_);
    position_ += 8;
    return value;
  }

  //! A shape's byte order and type; `parent` is the multi-part shape that holds it, if any.
  ShapeHeader readHeader(const ShapeHeader* parent) {
    need(1);
    auto order = static_cast<unsigned char>(wkb_[position_]);
    if (order > 1)
      fail(fmt::format("Invalid byte order {}", static_cast<int>(static_cast<int8_t>(order))),
           position_);
    little_endian_ = order == 1;
    ++position_;
    size_t type_position = position_;
    uint32_t code = readCount();
    uint32_t base = code % 1000;
    uint32_t dimension = code / 1000;
    if (base < 1 || base > 7 || dimension > 3)
      fail(fmt::format("Invalid or unsupported type {}", static_cast<int32_t>(code)),
           type_position);
    ShapeHeader header{static_cast<ShapeKind>(base), dimension == 1 || dimension == 3,
                       dimension == 2 || dimension == 3};
    if (parent != nullptr && (header.has_z != parent->has_z || header.has_m != parent->has_m))
      fail(fmt::format("Invalid or unsupported type {}", static_cast<int32_t>(code)),
           type_position);
    return header;
  }

  void readShape(const ShapeHeader* parent, ShapeKind expected_part = ShapeKind::kCollection) {
    size_t start = position_;
    // Collections may hold collections; a bound keeps a crafted value from exhausting the stack.
    if (++depth_ > kMaxDepth)
      fail("Geometry collections nested too deeply", start);
    ShapeHeader header = readHeader(parent);
    if (parent != nullptr && parent->kind != ShapeKind::kCollection &&
        header.kind != expected_part) {
      fail(fmt::format("Expected {} in {}", shapeNames(expected_part).title,
                       shapeNames(parent->kind).title),
           start);
    }
    // A part of a multi-point, -linestring or -polygon is written without its type name; a
    // shape on its own or in a collection with it.
    if (parent == nullptr || parent->kind == ShapeKind::kCollection) {
      write(shapeNames(header.kind).text);
      if (header.has_z || header.has_m)
        write(header.has_z && header.has_m ? " ZM" : (header.has_z ? " Z" : " M"));
      write(" ");
    }
    switch (header.kind) {
      case ShapeKind::kPoint:
        readPoint(header, parent == nullptr);
        break;
      case ShapeKind::kLineString:
        readPoints(header, /*ring=*/false);
        break;
      case ShapeKind::kPolygon:
        readRings(header);
        break;
      case ShapeKind::kMultiPoint:
        readParts(header, ShapeKind::kPoint);
        break;
      case ShapeKind::kMultiLineString:
        readParts(header, ShapeKind::kLineString);
        break;
      case ShapeKind::kMultiPolygon:
        readParts(header, ShapeKind::kPolygon);
        break;
      case ShapeKind::kCollection:
        readParts(header, ShapeKind::kCollection);
        break;
    }
    --depth_;
  }

  void readPoint(const ShapeHeader& header, bool top_level) {
    // A point inside a multi-point may not be empty; a point on its own may (all NaN).
    double coordinates[4];
    bool empty = true;
    for (int i = 0; i < header.dimensions(); ++i) {
      coordinates[i] = readCoordinate(top_level);
      empty = empty && std::isnan(coordinates[i]);
    }
    if (empty) {
      write("EMPTY");
      return;
    }
    write("(");
    writeCoordinates(coordinates, header.dimensions());
    write(")");
  }

  void readPoints(const ShapeHeader& header, bool ring) {
    size_t count_position = position_;
    uint32_t count = readCount();
    if (!ring && count == 1)
      fail("Too few points in linestring", count_position);
    int dimensions = header.dimensions();
    double first[4] = {};
    double last[4] = {};
    if (count == 0 && !ring) {
      write("EMPTY");
      return;
    }
    write("(");
    for (uint32_t point = 0; point < count; ++point) {
      if (point > 0)
        write(", ");
      for (int i = 0; i < dimensions; ++i) {
        last[i] = readCoordinate(false);
        if (point == 0)
          first[i] = last[i];
      }
      writeCoordinates(last, dimensions);
    }
    write(")");
    if (ring && !sameCoordinates(first, last, dimensions, count))
      fail(count < 4 ? "Too few points in ring" : "Ring is not closed", count_position);
  }

  static bool sameCoordinates(const double* a, const double* b, int dimensions, uint32_t count) {
    if (count == 0)
      return true;
    if (count < 4)
      return false;
    for (int i = 0; i < dimensions; ++i) {
      if (a[i] != b[i])
        return false;
    }
    return true;
  }

  //! A count, then that many items read by `read_item`: "EMPTY" or "(item, item, ...)".
  template <typename ReadItem>
  void readList(ReadItem&& read_item) {
    uint32_t count = readCount();
    if (count == 0) {
      write("EMPTY");
      return;
    }
    write("(");
    for (uint32_t index = 0; index < count; ++index) {
      if (index > 0)
        write(", ");
      read_item();
    }
    write(")");
  }

  void readRings(const ShapeHeader& header) {
    readList([&] { readPoints(header, /*ring=*/true); });
  }

  void readParts(const ShapeHeader& header, ShapeKind part) {
    readList([&] { readShape(&header, part); });
  }

  void writeCoordinates(const double* coordinates, int dimensions) {
    for (int i = 0; i < dimensions; ++i) {
      if (i > 0)
        write(" ");
      write(coordinateText(coordinates[i]));
    }
  }

  static std::string coordinateText(double value) {
    if (std::isnan(value))
      return "NaN";
    if (value == std::trunc(value) && std::fabs(value) < 1e15)
      return fmt::format("{}", static_cast<int64_t>(value));
    return fmt::format("{}", value);
  }

  void write(std::string_view piece) {
    if (text_ != nullptr)
      text_->append(piece);
  }

  static constexpr int kMaxDepth = 64;

  std::string_view wkb_;
  std::string* text_;
  int depth_ = 0;
  size_t position_ = 0;
  bool little_endian_ = true;
};

}  // namespace

void validateWkb(std::string_view wkb) {
  WkbReader(wkb, nullptr).read();
}

std::string wkbToWkt(std::string_view wkb) {
  std::string text;
  WkbReader(wkb, &text).read();
  return text;
}

}  // namespace sluice
