#include "common/vector/vector.hpp"

#include <cstring>

namespace sluice {

namespace {

idx_t validityBytes(idx_t capacity) {
  return (capacity + 63) / 64 * 8;
}

}  // namespace

Vector::Vector(DataType type, idx_t capacity) : type_(std::move(type)), capacity_(capacity) {
  idx_t width = type_.physicalSize();
  data_ = Buffer::allocate(width * capacity);
  switch (type_.id()) {
    case TypeId::kVoid: {
      // Every value of VOID is NULL.
      validity_ = Buffer::allocate(validityBytes(capacity));
      break;
    }
    case TypeId::kString:
    case TypeId::kBinary:
      heap_ = std::make_shared<StringHeap>();
      break;
    case TypeId::kArray:
    case TypeId::kMap:
      children_.emplace_back(type_.childType(), capacity);
      break;
    case TypeId::kStruct:
      for (const StructField& field : type_.fields())
        children_.emplace_back(field.type, capacity);
      break;
    default:
      break;
  }
}

Vector Vector::constant(const Value& value) {
  Vector vector(value.type(), 1);
  vector.constant_ = true;
  vector.setValue(0, value);
  return vector;
}

void Vector::setNull(idx_t row, bool is_null) {
  if (!is_null && !validity_)
    return;
  uint64_t* words = mutableValidity();
  if (is_null) {
    words[row >> 6] &= ~(uint64_t{1} << (row & 63));
  } else {
    words[row >> 6] |= uint64_t{1} << (row & 63);
  }
}

uint64_t* Vector::mutableValidity() {
  if (!validity_) {
    validity_ = Buffer::allocate(validityBytes(capacity_));
    std::memset(validity_->data(), 0xFF, validityBytes(capacity_));
  }
  return reinterpret_cast<uint64_t*>(validity_->data());
}

StringView Vector::addString(std::string_view text) {
  if (text.size() <= StringView::kInlineLength)
    return StringView(text);
  if (!heap_)
    heap_ = std::make_shared<StringHeap>();
  char* bytes = heap_->allocate(text.size());
  std::memcpy(bytes, text.data(), text.size());
  return StringView(bytes, static_cast<uint32_t>(text.size()));
}

void Vector::shareStringsOf(const Vector& other) {
  if (other.heap_ && other.heap_ != heap_)
    shared_heaps_.push_back(other.heap_);
  for (const auto& heap : other.shared_heaps_)
    shared_heaps_.push_back(heap);
}

void Vector::reserve(idx_t capacity) {
  if (capacity <= capacity_)
    return;
  idx_t new_capacity = capacity_ == 0 ? capacity : capacity_;
  while (new_capacity < capacity)
    new_capacity *= 2;
  idx_t width = type_.physicalSize();
  BufferPtr data = Buffer::allocate(width * new_capacity);
  if (width > 0 && data_)
    std::memcpy(data->data(), data_->data(), width * capacity_);
  data_ = std::move(data);
  if (validity_) {
    BufferPtr validity = Buffer::allocate(validityBytes(new_capacity));
    std::memset(validity->data(), type_.isVoid() ? 0 : 0xFF, validityBytes(new_capacity));
    std::memcpy(validity->data(), validity_->data(), validityBytes(capacity_));
    validity_ = std::move(validity);
  }
  if (type_.id() == TypeId::kStruct) {
    for (Vector& child : children_)
      child.reserve(new_capacity);
  }
  capacity_ = new_capacity;
}

Value Vector::getValue(idx_t row) const {
  if (isNull(row))
    return Value::null(type_);
  idx_t index = slot(row);
  switch (type_.id()) {
    case TypeId::kVoid:
      return Value::null(type_);
    case TypeId::kBoolean:
      return Value::boolean(data<uint8_t>()[index] != 0);
    case TypeId::kByte:
      return Value::fromInt64(type_, data<int8_t>()[index]);
    case TypeId::kShort:
      return Value::fromInt64(type_, data<int16_t>()[index]);
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      return Value::fromInt64(type_, data<int32_t>()[index]);
    case TypeId::kLong:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      return Value::fromInt64(type_, data<int64_t>()[index]);
    case TypeId::kFloat:
      return Value::floatValue(data<float>()[index]);
    case TypeId::kDouble:
      return Value::doubleValue(data<double>()[index]);
    case TypeId::kDecimal: {
      int128_t unscaled = type_.isWideDecimal() ? data<int128_t>()[index] : data<int64_t>()[index];
      return Value::decimal(unscaled, type_.precision(), type_.scale());
    }
    case TypeId::kCalendarInterval:
      return Value::calendarInterval(data<int128_t>()[index]);
    case TypeId::kString:
      return Value::string(data<StringView>()[index].str(), type_.collation());
    case TypeId::kBinary:
      return Value::binary(data<StringView>()[index].str());
    case TypeId::kVariant:
      return Value::variant(data<StringView>()[index].str());
    case TypeId::kGeometry:
    case TypeId::kGeography:
      return Value::spatial(type_, data<StringView>()[index].str());
    case TypeId::kArray:
    case TypeId::kMap: {
      const ListEntry& entry = data<ListEntry>()[index];
      std::vector<Value> elements;
      elements.reserve(entry.length);
      for (uint32_t i = 0; i < entry.length; ++i) {
        elements.push_back(children_[0].getValue(entry.offset + i));
      }
      return Value::nested(type_, std::move(elements));
    }
    case TypeId::kStruct: {
      std::vector<Value> fields;
      fields.reserve(children_.size());
      for (const Vector& child : children_)
        fields.push_back(child.getValue(index));
      return Value::nested(type_, std::move(fields));
    }
  }
  SLUICE_UNREACHABLE("unknown type id");
}

void Vector::setValue(idx_t row, const Value& value) {
  SLUICE_CHECK(row < capacity_);
  if (value.isNull() || type_.isVoid()) {
    setNull(row);
    if (type_.id() == TypeId::kStruct) {
      for (Vector& child : children_)
        child.setNull(row);
    }
    return;
  }
  setNull(row, false);
  switch (type_.id()) {
    case TypeId::kVoid:
      break;
    case TypeId::kBoolean:
      mutableData<uint8_t>()[row] = value.getBoolean() ? 1 : 0;
      break;
    case TypeId::kByte:
      mutableData<int8_t>()[row] = static_cast<int8_t>(value.getInt64());
      break;
    case TypeId::kShort:
      mutableData<int16_t>()[row] = static_cast<int16_t>(value.getInt64());
      break;
    case TypeId::kInt:
    case TypeId::kDate:
    case TypeId::kYearMonthInterval:
      mutableData<int32_t>()[row] = static_cast<int32_t>(value.getInt64());
      break;
    case TypeId::kLong:
    case TypeId::kTimestamp:
    case TypeId::kTimestampNtz:
    case TypeId::kDayTimeInterval:
    case TypeId::kTime:
      mutableData<int64_t>()[row] = value.getInt64();
      break;
    case TypeId::kFloat:
      mutableData<float>()[row] = value.getFloat();
      break;
    case TypeId::kDouble:
      mutableData<double>()[row] = value.getDouble();
      break;
    case TypeId::kDecimal:
      if (type_.isWideDecimal()) {
        mutableData<int128_t>()[row] = value.getDecimalUnscaled();
      } else {
        mutableData<int64_t>()[row] = static_cast<int64_t>(value.getDecimalUnscaled());
      }
      break;
    case TypeId::kCalendarInterval:
      mutableData<int128_t>()[row] = value.getCalendarIntervalBits();
      break;
    case TypeId::kString:
    case TypeId::kBinary:
    case TypeId::kVariant:
    case TypeId::kGeometry:
    case TypeId::kGeography:
      mutableData<StringView>()[row] = addString(value.getString());
      break;
    case TypeId::kArray:
    case TypeId::kMap:
      mutableData<ListEntry>()[row] = appendChildren(value.children());
      break;
    case TypeId::kStruct:
      for (size_t i = 0; i < children_.size(); ++i)
        children_[i].setValue(row, value.children()[i]);
      break;
  }
}

ListEntry Vector::appendChildren(const std::vector<Value>& values) {
  Vector& elements = children_[0];
  ListEntry entry{static_cast<uint32_t>(child_size_), static_cast<uint32_t>(values.size())};
  elements.reserve(child_size_ + values.size());
  for (const Value& element : values)
    elements.setValue(child_size_++, element);
  return entry;
}

void Vector::relabel(const DataType& type) {
  SLUICE_CHECK(type.id() == type_.id());
  switch (type.id()) {
    case TypeId::kArray:
    case TypeId::kMap:
      children_[0].relabel(type.childType());
      break;
    case TypeId::kStruct:
      SLUICE_CHECK_EQ(children_.size(), type.fields().size());
      for (size_t index = 0; index < children_.size(); ++index)
        children_[index].relabel(type.fields()[index].type);
      break;
    default:
      break;
  }
  type_ = type;
}

void Vector::flatten(idx_t count) {
  if (!constant_)
    return;
  Value value = getValue(0);
  *this = Vector(type_, count < 1 ? 1 : count);
  if (value.isNull()) {
    // A NULL constant (a column nobody reads) is cleared validity words, not a row at a time.
    uint64_t* words = mutableValidity();
    std::memset(words, 0, validityBytes(capacity_));
    return;
  }
  for (idx_t row = 0; row < count; ++row)
    setValue(row, value);
}

}  // namespace sluice
