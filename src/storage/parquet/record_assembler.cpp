// src/storage/parquet/record_assembler.cpp
//
// Record assembly of flat and nested columns.
#include "storage/parquet/record_assembler.hpp"

#include <algorithm>
#include <cstring>

#include <fmt/format.h>

#include "common/check.hpp"
#include "storage/parquet/format_error.hpp"

namespace sluice::parquet {

namespace {

//! Levels read from a chunk at a time while buffering nested leaves.
constexpr size_t kFillStep = 8192;
//! The most levels one batch of rows may buffer per leaf (a bound on memory, which a file
//! whose repetition levels never return to 0 would otherwise exhaust).
constexpr size_t kMaxBufferedLevels = size_t{1} << 27;

std::string joinPath(const std::vector<std::string>& path) {
  return fmt::format("{}", fmt::join(path, "."));
}

//! How many of `count` levels equal `level`. The fixed-length inner loop is what lets -O2
//! vectorize it.
size_t countEqual(const uint16_t* levels, size_t count, int16_t level) {
  constexpr size_t kBlock = 16;
  uint16_t wanted = static_cast<uint16_t>(level);
  size_t total = 0;
  size_t index = 0;
  for (; index + kBlock <= count; index += kBlock) {
    uint16_t block = 0;
    for (size_t offset = 0; offset < kBlock; ++offset) {
      block += levels[index + offset] == wanted ? 1 : 0;
    }
    total += block;
  }
  for (; index < count; ++index)
    total += levels[index] == wanted ? 1 : 0;
  return total;
}

//! Spreads the dense `values` (`width` bytes each) over the `count` rows from `first_row` on
//! whose definition level is `defined`, starting at `target`, and clears the validity bits
//! of the other rows. A compile-time width makes each copy a plain move.
template <size_t Width = 0>
void scatter(const uint16_t* definition, size_t count, int16_t defined, const uint8_t* values,
             uint8_t* target, uint64_t* validity, idx_t first_row, size_t width = Width) {
  if constexpr (Width != 0)
    width = Width;
  for (size_t index = 0; index < count; ++index) {
    if (definition[index] != defined) {
      idx_t row = first_row + index;
      validity[row >> 6] &= ~(uint64_t{1} << (row & 63));
      continue;
    }
    std::memcpy(target + index * width, values, Width != 0 ? Width : width);
    values += width;
  }
}

}  // namespace

ColumnAssembler::ColumnAssembler(const ColumnNode& node, std::vector<ColumnChunkReader*> readers)
    : node_(node), root_(buildTree(node)) {
  SLUICE_CHECK_EQ(readers.size(), node.leaf_count);
  buffers_.resize(readers.size());
  for (size_t index = 0; index < readers.size(); ++index) {
    buffers_[index].reader = readers[index];
    buffers_[index].leaf = &readers[index]->leaf();
  }
}

ColumnAssembler::AssemblyNode ColumnAssembler::buildTree(const ColumnNode& node) {
  AssemblyNode result;
  result.node = &node;
  for (const ColumnNode& child : node.children)
    result.children.push_back(buildTree(child));
  return result;
}

void ColumnAssembler::resetCounts(AssemblyNode& node) {
  node.child_count = 0;
  for (AssemblyNode& child : node.children)
    resetCounts(child);
}

void ColumnAssembler::corrupt(const LeafBuffer& buffer, const std::string& problem) const {
  throwFormatError("column {}: {}", joinPath(buffer.leaf->path), problem);
}

void ColumnAssembler::skipRows(idx_t count) {
  SLUICE_CHECK(node_.kind == ColumnNode::Kind::kPrimitive);
  idx_t rest = count - buffers_[0].reader->skipPages(count);
  while (rest > 0) {
    idx_t take = std::min<idx_t>(rest, kVectorSize);
    Vector dropped(node_.type, take);
    readFlat(take, dropped);
    rest -= take;
  }
}

void ColumnAssembler::read(idx_t count, Vector& out) {
  if (node_.kind == ColumnNode::Kind::kPrimitive) {
    readFlat(count, out);
    return;
  }
  for (LeafBuffer& buffer : buffers_)
    fill(buffer, count);
  resetCounts(root_);
  for (idx_t row = 0; row < count; ++row) {
    for (const LeafBuffer& buffer : buffers_) {
      if (buffer.level_position >= buffer.definition.size()) {
        corrupt(buffer, "it holds fewer values than its row group has rows");
      }
      if (buffer.repetition[buffer.level_position] != 0) {
        corrupt(buffer, "a row starts with a non-zero repetition level");
      }
    }
    assemble(root_, out, row);
  }
  for (LeafBuffer& buffer : buffers_) {
    buffer.row_starts -= std::min<size_t>(buffer.row_starts, count);
    compact(buffer);
  }
}

void ColumnAssembler::readFlat(idx_t count, Vector& out) {
  LeafBuffer& buffer = buffers_[0];
  ColumnChunkReader& reader = *buffer.reader;
  const LeafColumn& leaf = *buffer.leaf;
  bool strings = leaf.type.hasStringValues();
  bool is_void = leaf.type.isVoid();
  size_t width = leaf.type.physicalSize();
  idx_t done = 0;
  while (done < count) {
    size_t available = reader.available();
    if (available == 0)
      corrupt(buffer, "it holds fewer values than its row group has rows");
    size_t take = std::min<size_t>(available, count - done);
    size_t values = take;
    bool has_nulls = false;
    if (leaf.max_definition_level > 0 && reader.skipDefinedLevels(take)) {
      // No NULLs among these rows; the levels were never decoded.
    } else if (leaf.max_definition_level > 0) {
      definition_scratch_.resize(take);
      reader.readLevels(take, definition_scratch_.data(), nullptr);
      values = countEqual(definition_scratch_.data(), take, leaf.max_definition_level);
      has_nulls = values != take;
    } else {
      reader.readLevels(take, nullptr, nullptr);
    }
    if (is_void) {
      for (size_t index = 0; index < take; ++index)
        out.setNull(done + index);
    } else if (strings) {
      StringView* target = out.mutableData<StringView>() + done;
      if (!has_nulls) {
        reader.readStrings(values, target, out);
      } else {
        if (string_scratch_.size() < values)
          string_scratch_.resize(values);
        reader.readStrings(values, string_scratch_.data(), out);
        scatter<sizeof(StringView)>(definition_scratch_.data(), take, leaf.max_definition_level,
                                    reinterpret_cast<const uint8_t*>(string_scratch_.data()),
                                    reinterpret_cast<uint8_t*>(target), out.mutableValidity(),
                                    done);
      }
    } else if (!has_nulls) {
      reader.readValues(values, out.mutableData<uint8_t>() + done * width);
    } else {
      value_scratch_.resize(values * width);
      reader.readValues(values, value_scratch_.data());
      uint8_t* target = out.mutableData<uint8_t>() + done * width;
      uint64_t* validity = out.mutableValidity();
      const uint16_t* definition = definition_scratch_.data();
      int16_t defined = leaf.max_definition_level;
      const uint8_t* source = value_scratch_.data();
      switch (width) {
        case 1:
          scatter<1>(definition, take, defined, source, target, validity, done);
          break;
        case 2:
          scatter<2>(definition, take, defined, source, target, validity, done);
          break;
        case 4:
          scatter<4>(definition, take, defined, source, target, validity, done);
          break;
        case 8:
          scatter<8>(definition, take, defined, source, target, validity, done);
          break;
        case 16:
          scatter<16>(definition, take, defined, source, target, validity, done);
          break;
        default:
          scatter(definition, take, defined, source, target, validity, done, width);
          break;
      }
    }
    done += take;
  }
}

void ColumnAssembler::fill(LeafBuffer& buffer, idx_t rows) {
  const LeafColumn& leaf = *buffer.leaf;
  bool repeated = leaf.max_repetition_level > 0;
  auto enough = [&]() {
    size_t buffered = buffer.definition.size() - buffer.level_position;
    // With repetition, row `rows` is complete once the next row's start is buffered.
    return repeated ? buffer.row_starts > rows : buffered >= rows;
  };
  while (!enough() && !buffer.exhausted) {
    size_t available = buffer.reader->available();
    if (available == 0) {
      buffer.exhausted = true;
      break;
    }
    size_t take = std::min(available, kFillStep);
    size_t start = buffer.definition.size();
    if (start + take > kMaxBufferedLevels) {
      corrupt(buffer, fmt::format("{} rows hold more than {} values", rows, kMaxBufferedLevels));
    }
    buffer.definition.resize(start + take, 0);
    buffer.repetition.resize(start + take, 0);
    buffer.reader->readLevels(take, buffer.definition.data() + start,
                              buffer.repetition.data() + start);
    size_t values = 0;
    for (size_t index = start; index < start + take; ++index) {
      if (buffer.definition[index] == leaf.max_definition_level)
        ++values;
      if (buffer.repetition[index] == 0)
        ++buffer.row_starts;
    }
    if (leaf.type.isVoid()) {
      // VOID values are all NULL; whatever the page holds is never decoded.
    } else if (leaf.type.hasStringValues()) {
      if (view_scratch_.size() < values)
        view_scratch_.resize(values);
      buffer.reader->readByteValues(values, view_scratch_.data());
      for (size_t index = 0; index < values; ++index) {
        buffer.spans.emplace_back(buffer.bytes.size(), view_scratch_[index].size());
        buffer.bytes.append(view_scratch_[index]);
      }
    } else {
      size_t width = leaf.type.physicalSize();
      buffer.fixed.resize((buffer.value_count + values) * width);
      buffer.reader->readValues(values, buffer.fixed.data() + buffer.value_count * width);
    }
    buffer.value_count += values;
  }
}

void ColumnAssembler::compact(LeafBuffer& buffer) {
  buffer.definition.erase(buffer.definition.begin(),
                          buffer.definition.begin() + buffer.level_position);
  buffer.repetition.erase(buffer.repetition.begin(),
                          buffer.repetition.begin() + buffer.level_position);
  buffer.level_position = 0;
  size_t consumed = buffer.value_position;
  if (consumed == 0)
    return;
  if (buffer.leaf->type.hasStringValues()) {
    size_t byte_offset =
        consumed < buffer.spans.size() ? buffer.spans[consumed].first : buffer.bytes.size();
    buffer.bytes.erase(0, byte_offset);
    buffer.spans.erase(buffer.spans.begin(), buffer.spans.begin() + consumed);
    for (auto& span : buffer.spans)
      span.first -= byte_offset;
  } else {
    size_t width = buffer.leaf->type.physicalSize();
    buffer.fixed.erase(buffer.fixed.begin(), buffer.fixed.begin() + consumed * width);
  }
  buffer.value_count -= consumed;
  buffer.value_position = 0;
}

void ColumnAssembler::skip(const ColumnNode& node) {
  for (uint32_t leaf = node.first_leaf; leaf < node.first_leaf + node.leaf_count; ++leaf) {
    LeafBuffer& buffer = leafBuffer(leaf);
    if (buffer.level_position >= buffer.definition.size()) {
      corrupt(buffer, "its levels end inside a row");
    }
    ++buffer.level_position;
  }
}

void ColumnAssembler::setNull(AssemblyNode& node, Vector& out, idx_t row) {
  out.setNull(row);
  switch (node.node->kind) {
    case ColumnNode::Kind::kStruct:
      for (size_t index = 0; index < node.children.size(); ++index) {
        setNull(node.children[index], out.child(index), row);
      }
      return;
    case ColumnNode::Kind::kList:
    case ColumnNode::Kind::kMap:
      out.mutableData<ListEntry>()[row] = ListEntry{node.child_count, 0};
      return;
    case ColumnNode::Kind::kPrimitive:
      return;
  }
}

void ColumnAssembler::assemble(AssemblyNode& assembly, Vector& out, idx_t row) {
  const ColumnNode& node = *assembly.node;
  LeafBuffer& first = leafBuffer(node.first_leaf);
  if (first.level_position >= first.definition.size()) {
    corrupt(first, "its levels end inside a row");
  }
  uint16_t definition = first.definition[first.level_position];
  if (definition < node.definition_level) {
    if (!node.nullable) {
      corrupt(first, fmt::format("definition level {} leaves the required field {} undefined",
                                 definition, node.name));
    }
    setNull(assembly, out, row);
    skip(node);
    return;
  }
  switch (node.kind) {
    case ColumnNode::Kind::kPrimitive: {
      const LeafColumn& leaf = *first.leaf;
      ++first.level_position;
      if (leaf.type.isVoid()) {
        out.setNull(row);
        return;
      }
      if (first.value_position >= first.value_count)
        corrupt(first, "its values end early");
      size_t value = first.value_position++;
      if (leaf.type.hasStringValues()) {
        const auto& [offset, length] = first.spans[value];
        out.mutableData<StringView>()[row] =
            out.addString(std::string_view(first.bytes).substr(offset, length));
      } else {
        size_t width = leaf.type.physicalSize();
        std::memcpy(out.mutableData<uint8_t>() + row * width, first.fixed.data() + value * width,
                    width);
      }
      return;
    }
    case ColumnNode::Kind::kStruct:
      for (size_t index = 0; index < assembly.children.size(); ++index) {
        assemble(assembly.children[index], out.child(index), row);
      }
      return;
    case ColumnNode::Kind::kList:
    case ColumnNode::Kind::kMap: {
      if (definition < node.repeated_definition_level) {
        out.mutableData<ListEntry>()[row] = ListEntry{assembly.child_count, 0};
        skip(node);
        return;
      }
      Vector& child = out.child(0);
      uint32_t offset = assembly.child_count;
      uint32_t length = 0;
      while (true) {
        idx_t element = static_cast<idx_t>(offset) + length;
        if (element >= UINT32_MAX)
          corrupt(first, "a batch holds more than 2^32 elements");
        if (element >= child.capacity())
          child.reserve(element + 1);
        if (node.kind == ColumnNode::Kind::kList) {
          assemble(assembly.children[0], child, element);
        } else {
          assemble(assembly.children[0], child.child(0), element);
          assemble(assembly.children[1], child.child(1), element);
        }
        ++length;
        if (first.level_position >= first.definition.size())
          break;
        uint16_t next = first.repetition[first.level_position];
        if (next > node.repeated_repetition_level) {
          corrupt(first,
                  fmt::format("repetition level {} does not follow a complete element", next));
        }
        if (next < node.repeated_repetition_level)
          break;
      }
      assembly.child_count = offset + length;
      out.setChildSize(assembly.child_count);
      out.mutableData<ListEntry>()[row] = ListEntry{offset, length};
      return;
    }
  }
}

}  // namespace sluice::parquet
