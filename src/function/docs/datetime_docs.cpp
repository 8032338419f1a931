// src/function/docs/datetime_docs.cpp
//
// What DESCRIBE FUNCTION shows of the date and time functions. Every example is run by
// test/unit/session/function_catalogue_test.cpp, which compares its rows with the lines shown.
#include "function/docs/doc_parts.hpp"

namespace sluice {

std::vector<NamedFunctionDoc> datetimeFunctionDocs() {
  return {
      {{"current_date", "curdate"},
       {"_FUNC_() - Returns the date at the start of the query, in the session time zone.",
        "> SELECT _FUNC_() = current_date();\n"
        " true"}},
      {{"current_timestamp", "now"},
       {"_FUNC_() - Returns the timestamp at the start of the query; every call in one query "
        "returns the same value.",
        "> SELECT _FUNC_() > TIMESTAMP'2020-01-01 00:00:00';\n"
        " true"}},
      {{"localtimestamp"},
       {"_FUNC_() - Returns the local date and time in the session time zone at the start of the "
        "query, as a timestamp without time zone.",
        "> SELECT typeof(_FUNC_());\n"
        " timestamp_ntz"}},
      {{"date_add", "dateadd"},
       {"_FUNC_(start_date, num_days) - Returns the date `num_days` days after `start_date` "
        "(before it when negative).",
        "> SELECT _FUNC_(DATE'2024-02-27', 3);\n"
        " 2024-03-01\n"
        "> SELECT _FUNC_('2024-01-01', -1);\n"
        " 2023-12-31"}},
      {{"date_sub"},
       {"_FUNC_(start_date, num_days) - Returns the date `num_days` days before `start_date`.",
        "> SELECT _FUNC_(DATE'2024-03-01', 1);\n"
        " 2024-02-29"}},
      {{"add_months"},
       {"_FUNC_(start_date, num_months) - Returns the date `num_months` months after `start_date`, "
        "moved back to the month's last day when the day does not exist.",
        "> SELECT _FUNC_(DATE'2024-01-31', 1);\n"
        " 2024-02-29\n"
        "> SELECT _FUNC_('2024-05-15', -6);\n"
        " 2023-11-15"}},
      {{"datediff", "date_diff"},
       {"_FUNC_(endDate, startDate) - Returns the number of days from `startDate` to `endDate`.",
        "> SELECT _FUNC_(DATE'2024-03-01', DATE'2024-02-01');\n"
        " 29\n"
        "> SELECT _FUNC_('2024-01-01', '2024-01-10');\n"
        " -9"}},
      {{"months_between"},
       {"_FUNC_(timestamp1, timestamp2 [, roundOff]) - Returns how many months `timestamp1` is "
        "after `timestamp2`: a whole number when both fall on the same day of the month or both on "
        "a month's last day, otherwise counting the rest as days over 31; rounded to 8 digits "
        "unless `roundOff` is false.",
        "> SELECT _FUNC_(DATE'2024-03-15', DATE'2024-01-15');\n"
        " 2.0\n"
        "> SELECT _FUNC_(DATE'2024-04-30', DATE'2024-02-29');\n"
        " 2.0\n"
        "> SELECT _FUNC_(DATE'2024-03-01', DATE'2024-02-15');\n"
        " 0.5483871"}},
      {{"last_day"},
       {"_FUNC_(date) - Returns the last day of the month `date` falls in.",
        "> SELECT _FUNC_(DATE'2024-02-10');\n"
        " 2024-02-29"}},
      {{"next_day"},
       {"_FUNC_(start_date, day_of_week) - Returns the first date after `start_date` that falls on "
        "`day_of_week` ('MO', 'Mon' or 'Monday', any case).",
        "> SELECT _FUNC_(DATE'2024-07-04', 'Mon');\n"
        " 2024-07-08"}},
      {{"date_trunc"},
       {"_FUNC_(unit, ts) - Returns the timestamp `ts` cut down to the start of its `unit`: "
        "'YEAR', 'QUARTER', 'MONTH', 'WEEK', 'DAY', 'HOUR', 'MINUTE', 'SECOND', 'MILLISECOND' or "
        "'MICROSECOND' (with aliases such as 'YYYY', 'MM', 'DD').",
        "> SELECT _FUNC_('MONTH', TIMESTAMP'2024-08-19 13:45:10');\n"
        " 2024-08-01 00:00:00\n"
        "> SELECT _FUNC_('HOUR', TIMESTAMP'2024-08-19 13:45:10');\n"
        " 2024-08-19 13:00:00"}},
      {{"trunc"},
       {"_FUNC_(date, unit) - Returns `date` cut down to the first day of its 'YEAR', 'QUARTER', "
        "'MONTH' or 'WEEK' (a Monday), or null for another unit.",
        "> SELECT _FUNC_(DATE'2024-08-19', 'YEAR');\n"
        " 2024-01-01\n"
        "> SELECT _FUNC_(DATE'2024-08-22', 'WEEK');\n"
        " 2024-08-19"}},
      {{"date_format"},
       {"_FUNC_(timestamp, fmt) - Returns `timestamp` written with the datetime pattern `fmt` "
        "(letters such as yyyy, MM, dd, HH, mm, ss, EEE).",
        "> SELECT _FUNC_(TIMESTAMP'2024-03-05 07:08:09', 'dd/MM/yyyy HH:mm');\n"
        " 05/03/2024 07:08\n"
        "> SELECT _FUNC_(DATE'2024-03-05', 'EEEE, MMM d');\n"
        " Tuesday, Mar 5"}},
      {{"year"},
       {"_FUNC_(date) - Returns the year of the date or timestamp.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " 2024"}},
      {{"quarter"},
       {"_FUNC_(date) - Returns the quarter of the year, 1 to 4, of the date or timestamp.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " 4"}},
      {{"month"},
       {"_FUNC_(date) - Returns the month, 1 to 12, of the date or timestamp.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " 11"}},
      {{"day", "dayofmonth"},
       {"_FUNC_(date) - Returns the day of the month, 1 to 31, of the date or timestamp.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " 30"}},
      {{"dayofweek"},
       {"_FUNC_(date) - Returns the day of the week of the date or timestamp, from 1 for Sunday to "
        "7 for Saturday.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " 7"}},
      {{"weekday"},
       {"_FUNC_(date) - Returns the day of the week of the date or timestamp, from 0 for Monday to "
        "6 for Sunday.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " 5"}},
      {{"dayofyear"},
       {"_FUNC_(date) - Returns the day of the year, 1 to 366, of the date or timestamp.",
        "> SELECT _FUNC_(DATE'2024-03-01');\n"
        " 61"}},
      {{"weekofyear"},
       {"_FUNC_(date) - Returns the ISO 8601 week number of the date or timestamp: weeks start on "
        "Monday and week 1 holds the year's first Thursday.",
        "> SELECT _FUNC_(DATE'2024-12-30');\n"
        " 1\n"
        "> SELECT _FUNC_(DATE'2021-01-03');\n"
        " 53"}},
      {{"hour"},
       {"_FUNC_(timestamp) - Returns the hour, 0 to 23, of the timestamp.",
        "> SELECT _FUNC_(TIMESTAMP'2024-06-01 21:05:33');\n"
        " 21"}},
      {{"minute"},
       {"_FUNC_(timestamp) - Returns the minute, 0 to 59, of the timestamp.",
        "> SELECT _FUNC_(TIMESTAMP'2024-06-01 21:05:33');\n"
        " 5"}},
      {{"second"},
       {"_FUNC_(timestamp) - Returns the second, 0 to 59, of the timestamp.",
        "> SELECT _FUNC_(TIMESTAMP'2024-06-01 21:05:33');\n"
        " 33"}},
      {{"dayname"},
       {"_FUNC_(date) - Returns the English abbreviation, three letters long, of the day of the "
        "week of the date or timestamp.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " Sat"}},
      {{"monthname"},
       {"_FUNC_(date) - Returns the English abbreviation, three letters long, of the month of the "
        "date or timestamp.",
        "> SELECT _FUNC_(DATE'2024-11-30');\n"
        " Nov"}},
      {{"extract"},
       {"_FUNC_(field FROM source) - Returns one field of the date, timestamp or interval "
        "`source`: YEAR, QUARTER, MONTH, WEEK, DAY, DAYOFWEEK, DOY, HOUR, MINUTE, SECOND (with its "
        "fraction) and their aliases.",
        "> SELECT _FUNC_(YEAR FROM DATE'2024-11-30');\n"
        " 2024\n"
        "> SELECT _FUNC_(SECOND FROM TIMESTAMP'2024-06-01 21:05:33.25');\n"
        " 33.250000"}},
      {{"date_part", "datepart"},
       {"_FUNC_(field, source) - Returns the field named by the string `field` of the date, "
        "timestamp or interval `source`, as EXTRACT(field FROM source) does.",
        "> SELECT _FUNC_('MONTH', DATE'2024-11-30');\n"
        " 11\n"
        "> SELECT _FUNC_('doy', DATE'2024-02-02');\n"
        " 33"}},
      {{"make_date"},
       {"_FUNC_(year, month, day) - Returns the date with the given year, month and day; fails "
        "(null with ANSI mode off) when there is no such date.",
        "> SELECT _FUNC_(2024, 2, 29);\n"
        " 2024-02-29"}},
      {{"make_timestamp"},
       {"_FUNC_(year, month, day, hour, min, sec [, timezone]) - Returns the timestamp of those "
        "fields in `timezone` (the session time zone by default); `sec` may have a fraction of up "
        "to 6 digits, and 60 means the next minute.",
        "> SELECT _FUNC_(2024, 5, 17, 8, 30, 15.5);\n"
        " 2024-05-17 08:30:15.5"}},
      {{"make_timestamp_ntz"},
       {"_FUNC_(year, month, day, hour, min, sec) - Returns the timestamp without time zone of "
        "those fields; `sec` may have a fraction of up to 6 digits.",
        "> SELECT _FUNC_(2024, 5, 17, 8, 30, 0);\n"
        " 2024-05-17 08:30:00"}},
      {{"make_timestamp_ltz"},
       {"_FUNC_(year, month, day, hour, min, sec [, timezone]) - Returns the timestamp of those "
        "fields in `timezone` (the session time zone by default).",
        "> SELECT _FUNC_(2024, 5, 17, 8, 30, 0);\n"
        " 2024-05-17 08:30:00"}},
      {{"try_make_timestamp"},
       {"_FUNC_(year, month, day, hour, min, sec [, timezone]) - Returns what make_timestamp "
        "returns, but null instead of failing on fields that make no timestamp.",
        "> SELECT _FUNC_(2024, 5, 17, 8, 30, 0);\n"
        " 2024-05-17 08:30:00\n"
        "> SELECT _FUNC_(2024, 13, 1, 0, 0, 0);\n"
        " NULL"}},
      {{"try_make_timestamp_ntz"},
       {"_FUNC_(year, month, day, hour, min, sec) - Returns what make_timestamp_ntz returns, but "
        "null instead of failing on fields that make no timestamp.",
        "> SELECT _FUNC_(2023, 2, 29, 0, 0, 0);\n"
        " NULL"}},
      {{"try_make_timestamp_ltz"},
       {"_FUNC_(year, month, day, hour, min, sec [, timezone]) - Returns what make_timestamp_ltz "
        "returns, but null instead of failing on fields that make no timestamp.",
        "> SELECT _FUNC_(2024, 1, 1, 25, 0, 0);\n"
        " NULL"}},
      {{"current_time"},
       {"_FUNC_([precision]) - Returns the time of day at the start of the query in the session "
        "time zone, as a TIME(precision) (6 by default, at most 6).",
        "> SELECT typeof(_FUNC_(0));\n"
        " time(0)"}},
      {{"make_time"},
       {"_FUNC_(hour, minute, second) - Returns the TIME of those fields; `second` may have a "
        "fraction of up to 6 digits.",
        "> SELECT _FUNC_(6, 30, 45.887);\n"
        " 06:30:45.887"}},
      {{"to_time"},
       {"_FUNC_(str [, fmt]) - Returns the TIME that `str` writes, read with the datetime pattern "
        "`fmt` or, without it, as CAST(str AS TIME) reads it; fails on text that does not fit.",
        "> SELECT _FUNC_('00:12:00');\n"
        " 00:12:00\n"
        "> SELECT _FUNC_('12.10.05', 'HH.mm.ss');\n"
        " 12:10:05"}},
      {{"try_to_time"},
       {"_FUNC_(str [, fmt]) - Returns what to_time returns, but null instead of failing on text "
        "that does not fit.",
        "> SELECT _FUNC_('00:12:00');\n"
        " 00:12:00\n"
        "> SELECT _FUNC_('25:00:00');\n"
        " NULL"}},
      {{"time_trunc"},
       {"_FUNC_(unit, time) - Returns `time` truncated to the `unit`: HOUR, MINUTE, SECOND, "
        "MILLISECOND or MICROSECOND.",
        "> SELECT _FUNC_('MINUTE', TIME'09:32:05.359');\n"
        " 09:32:00\n"
        "> SELECT _FUNC_('MILLISECOND', '09:32:05.123456');\n"
        " 09:32:05.123"}},
      {{"time_diff"},
       {"_FUNC_(unit, start, end) - Returns the number of whole `unit`s (HOUR, MINUTE, SECOND, "
        "MILLISECOND or MICROSECOND) from `start` to `end`, negative when `end` comes first.",
        "> SELECT _FUNC_('MINUTE', TIME'09:00:00', TIME'10:30:59');\n"
        " 90\n"
        "> SELECT _FUNC_('HOUR', TIME'20:30:29', TIME'12:00:00');\n"
        " -8"}},
      {{"to_date"},
       {"_FUNC_(str [, fmt]) - Returns the date that `str` writes, read with the datetime pattern "
        "`fmt` or, without it, as CAST(str AS DATE) reads it; fails on text that does not fit.",
        "> SELECT _FUNC_('2024-09-30');\n"
        " 2024-09-30\n"
        "> SELECT _FUNC_('30.09.2024', 'dd.MM.yyyy');\n"
        " 2024-09-30"}},
      {{"try_to_date"},
       {"_FUNC_(str [, fmt]) - Returns what to_date returns, but null instead of failing on text "
        "that does not fit.",
        "> SELECT _FUNC_('31.02.2024', 'dd.MM.yyyy');\n"
        " NULL\n"
        "> SELECT _FUNC_('2024-09-30');\n"
        " 2024-09-30"}},
      {{"to_timestamp"},
       {"_FUNC_(str [, fmt]) - Returns the timestamp that `str` writes, read with the datetime "
        "pattern `fmt` or, without it, as CAST(str AS TIMESTAMP) reads it.",
        "> SELECT _FUNC_('2024-09-30 18:20:00');\n"
        " 2024-09-30 18:20:00\n"
        "> SELECT _FUNC_('09/30/2024 6:20 PM', 'MM/dd/yyyy h:mm a');\n"
        " 2024-09-30 18:20:00"}},
      {{"try_to_timestamp"},
       {"_FUNC_(str [, fmt]) - Returns what to_timestamp returns, but null instead of failing on "
        "text that does not fit.",
        "> SELECT _FUNC_('not a time');\n"
        " NULL\n"
        "> SELECT _FUNC_('2024-09-30', 'yyyy-MM-dd');\n"
        " 2024-09-30 00:00:00"}},
      {{"to_timestamp_ntz"},
       {"_FUNC_(str [, fmt]) - Returns the timestamp without time zone that `str` writes, read "
        "with the datetime pattern `fmt` or as a cast reads it.",
        "> SELECT _FUNC_('2024-09-30 18:20:00');\n"
        " 2024-09-30 18:20:00"}},
      {{"to_timestamp_ltz"},
       {"_FUNC_(str [, fmt]) - Returns the timestamp (with the session time zone) that `str` "
        "writes, read with the datetime pattern `fmt` or as a cast reads it.",
        "> SELECT _FUNC_('2024-09-30 18:20:00');\n"
        " 2024-09-30 18:20:00"}},
      {{"unix_timestamp", "to_unix_timestamp"},
       {"_FUNC_([timeExp [, fmt]]) - Returns the seconds since 1970-01-01 00:00:00 UTC of the "
        "timestamp, date or string `timeExp` (read with `fmt`, 'yyyy-MM-dd HH:mm:ss' by default); "
        "without arguments, of the current time.",
        "> SELECT _FUNC_('2024-01-01 00:00:00 UTC', 'yyyy-MM-dd HH:mm:ss z');\n"
        " 1704067200"}},
      {{"from_unixtime"},
       {"_FUNC_(unix_time [, fmt]) - Returns the moment `unix_time` seconds after 1970-01-01 "
        "00:00:00 UTC, written in the session time zone with the pattern `fmt` ('yyyy-MM-dd "
        "HH:mm:ss' by default).",
        "> SELECT _FUNC_(1700000000, 'yyyy');\n"
        " 2023"}},
      {{"timestamp_seconds"},
       {"_FUNC_(seconds) - Returns the timestamp `seconds` seconds (with a fraction if given) "
        "after 1970-01-01 00:00:00 UTC.",
        "> SELECT unix_millis(_FUNC_(1.5));\n"
        " 1500"}},
      {{"timestamp_millis"},
       {"_FUNC_(milliseconds) - Returns the timestamp `milliseconds` milliseconds after 1970-01-01 "
        "00:00:00 UTC.",
        "> SELECT unix_seconds(_FUNC_(86400000));\n"
        " 86400"}},
      {{"timestamp_micros"},
       {"_FUNC_(microseconds) - Returns the timestamp `microseconds` microseconds after 1970-01-01 "
        "00:00:00 UTC.",
        "> SELECT unix_millis(_FUNC_(2500));\n"
        " 2"}},
      {{"unix_seconds"},
       {"_FUNC_(timestamp) - Returns the whole seconds since 1970-01-01 00:00:00 UTC of "
        "`timestamp`, rounded down.",
        "> SELECT _FUNC_(TIMESTAMP'1970-01-02 00:00:01.9 UTC');\n"
        " 86401"}},
      {{"unix_millis"},
       {"_FUNC_(timestamp) - Returns the whole milliseconds since 1970-01-01 00:00:00 UTC of "
        "`timestamp`, rounded down.",
        "> SELECT _FUNC_(TIMESTAMP'1970-01-01 00:00:01.2345 UTC');\n"
        " 1234"}},
      {{"unix_micros"},
       {"_FUNC_(timestamp) - Returns the microseconds since 1970-01-01 00:00:00 UTC of "
        "`timestamp`.",
        "> SELECT _FUNC_(TIMESTAMP'1970-01-01 00:00:01.2345 UTC');\n"
        " 1234500"}},
      {{"unix_date"},
       {"_FUNC_(date) - Returns the number of days from 1970-01-01 to `date`.",
        "> SELECT _FUNC_(DATE'1970-02-01');\n"
        " 31\n"
        "> SELECT _FUNC_(DATE'1969-12-31');\n"
        " -1"}},
      {{"date_from_unix_date"},
       {"_FUNC_(days) - Returns the date `days` days after 1970-01-01.",
        "> SELECT _FUNC_(365);\n"
        " 1971-01-01"}},
      {{"from_utc_timestamp"},
       {"_FUNC_(timestamp, timezone) - Returns the timestamp that shows, in the session time zone, "
        "the wall-clock time in `timezone` of the UTC time `timestamp` shows.",
        "> SELECT _FUNC_(TIMESTAMP'2024-07-01 12:00:00', 'Asia/Tokyo');\n"
        " 2024-07-01 21:00:00"}},
      {{"to_utc_timestamp"},
       {"_FUNC_(timestamp, timezone) - Returns the timestamp that shows, in the session time zone, "
        "the UTC time of the wall-clock time `timestamp` shows in `timezone`.",
        "> SELECT _FUNC_(TIMESTAMP'2024-07-01 12:00:00', 'Asia/Tokyo');\n"
        " 2024-07-01 03:00:00"}},
      {{"convert_timezone"},
       {"_FUNC_([sourceTz, ]targetTz, sourceTs) - Returns the local date and time in `targetTz` of "
        "the timestamp without time zone `sourceTs` read as a local time in `sourceTz` (the "
        "session time zone when left out).",
        "> SELECT _FUNC_('UTC', 'America/New_York', TIMESTAMP_NTZ'2024-01-15 12:00:00');\n"
        " 2024-01-15 07:00:00",
        "* sourceTz - the time zone in which `sourceTs` is a local time; the session time zone "
        "when left out.\n"
        "* targetTz - the time zone whose local time the result is.\n"
        "* sourceTs - the timestamp without time zone to convert."}},
      {{"timestampadd"},
       {"_FUNC_(unit, quantity, timestamp) - Returns `timestamp` moved by `quantity` units, where "
        "`unit` is YEAR, QUARTER, MONTH, WEEK, DAY, HOUR, MINUTE, SECOND, MILLISECOND or "
        "MICROSECOND.",
        "> SELECT _FUNC_(HOUR, 30, TIMESTAMP'2024-02-28 00:00:00');\n"
        " 2024-02-29 06:00:00\n"
        "> SELECT _FUNC_(MONTH, 1, DATE'2024-01-31');\n"
        " 2024-02-29 00:00:00"}},
      {{"timestampdiff", "timediff"},
       {"_FUNC_(unit, start, end) - Returns the number of whole `unit`s from `start` to `end`, "
        "negative when `end` comes first.",
        "> SELECT _FUNC_(DAY, TIMESTAMP'2024-01-01 12:00:00', TIMESTAMP'2024-01-04 11:00:00');\n"
        " 2\n"
        "> SELECT _FUNC_(MONTH, DATE'2024-05-31', DATE'2024-02-29');\n"
        " -3"}},
      {{"make_dt_interval"},
       {"_FUNC_([days [, hours [, mins [, secs]]]]) - Returns the day-time interval of those days, "
        "hours, minutes and seconds (with a fraction of up to 6 digits).",
        "> SELECT _FUNC_(1, 2, 30, 0.5);\n"
        " 1 02:30:00.500000000"}},
      {{"make_ym_interval"},
       {"_FUNC_([years [, months]]) - Returns the year-month interval of those years and months.",
        "> SELECT _FUNC_(2, 14);\n"
        " 3-2"}},
      {{"make_interval"},
       {"_FUNC_([years [, months [, weeks [, days [, hours [, mins [, secs]]]]]]]) - Returns the "
        "calendar interval of those fields, its months, days and microseconds kept apart; `secs` "
        "may have a fraction of up to 6 digits. Fails on overflow.",
        "> SELECT _FUNC_(1, 2, 3, 4, 5, 6, 7.008009);\n"
        " 1 years 2 months 25 days 5 hours 6 minutes 7.008009 seconds\n"
        "> SELECT DATE'2024-01-31' + _FUNC_(0, 1, 0, 1);\n"
        " 2024-03-01"}},
      {{"try_make_interval"},
       {"_FUNC_([years [, months [, weeks [, days [, hours [, mins [, secs]]]]]]]) - Returns what "
        "make_interval returns, but null instead of failing on overflow.",
        "> SELECT _FUNC_(2147483647);\n"
        " NULL"}},
  };
}

}  // namespace sluice
