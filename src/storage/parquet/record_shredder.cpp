// src/storage/parquet/record_shredder.cpp
//
// Record shredding of nested vectors into levels.
#include "storage/parquet/record_shredder.hpp"

#include "common/check.hpp"
#include "common/error/error.hpp"

namespace sluice::parquet {

namespace {

class Shredder {
 public:
  explicit Shredder(std::vector<ShreddedLeaf>& leaves) : leaves_(leaves) {}

  void value(const ColumnNode& node, const Vector& vector, idx_t row, uint16_t repetition) {
    if (vector.isNull(row)) {
      if (!node.nullable) {
        throwError(ErrorClass::INTERNAL_ERROR, "NULL value in the non-nullable Parquet field {}",
                   node.name);
      }
      nulls(node, static_cast<uint16_t>(node.definition_level - 1), repetition);
      return;
    }
    switch (node.kind) {
      case ColumnNode::Kind::kPrimitive: {
        ShreddedLeaf& leaf = leaves_[node.first_leaf];
        leaf.definition_levels.push_back(static_cast<uint16_t>(node.definition_level));
        leaf.repetition_levels.push_back(repetition);
        leaf.positions.push_back(static_cast<uint32_t>(row));
        leaf.values = &vector;
        ++leaf.num_entries;
        return;
      }
      case ColumnNode::Kind::kStruct: {
        idx_t slot = vector.slot(row);
        for (size_t index = 0; index < node.children.size(); ++index) {
          value(node.children[index], vector.child(index), slot, repetition);
        }
        return;
      }
      case ColumnNode::Kind::kList:
      case ColumnNode::Kind::kMap: {
        const ListEntry& entry = vector.at<ListEntry>(row);
        if (entry.length == 0) {
          nulls(node, static_cast<uint16_t>(node.definition_level), repetition);
          return;
        }
        const Vector& child = vector.child(0);
        for (uint32_t element = 0; element < entry.length; ++element) {
          uint16_t element_repetition =
              element == 0 ? repetition : static_cast<uint16_t>(node.repeated_repetition_level);
          idx_t child_row = entry.offset + element;
          if (node.kind == ColumnNode::Kind::kList) {
            value(node.children[0], child, child_row, element_repetition);
          } else {
            // The map's child is a never-NULL STRUCT<key, value>.
            idx_t slot = child.slot(child_row);
            value(node.children[0], child.child(0), slot, element_repetition);
            value(node.children[1], child.child(1), slot, element_repetition);
          }
        }
        return;
      }
    }
  }

 private:
  //! Every leaf under `node` gets an entry with no value.
  void nulls(const ColumnNode& node, uint16_t definition, uint16_t repetition) {
    for (uint32_t leaf = node.first_leaf; leaf < node.first_leaf + node.leaf_count; ++leaf) {
      ShreddedLeaf& shredded = leaves_[leaf];
      shredded.definition_levels.push_back(definition);
      shredded.repetition_levels.push_back(repetition);
      ++shredded.num_entries;
    }
  }

  std::vector<ShreddedLeaf>& leaves_;
};

}  // namespace

void shredColumn(const ColumnNode& node, const Vector& vector, idx_t begin, idx_t end,
                 std::vector<ShreddedLeaf>& leaves) {
  for (uint32_t leaf = node.first_leaf; leaf < node.first_leaf + node.leaf_count; ++leaf) {
    leaves[leaf].clear();
  }
  if (node.kind == ColumnNode::Kind::kPrimitive) {
    ShreddedLeaf& leaf = leaves[node.first_leaf];
    leaf.flat = true;
    leaf.values = &vector;
    leaf.first_row = begin;
    leaf.num_entries = end - begin;
    if (node.definition_level > 0) {
      leaf.definition_levels.resize(end - begin);
      for (idx_t row = begin; row < end; ++row) {
        leaf.definition_levels[row - begin] = vector.isNull(row) ? 0 : 1;
      }
    } else if (vector.mayHaveNulls()) {
      for (idx_t row = begin; row < end; ++row) {
        if (vector.isNull(row)) {
          throwError(ErrorClass::INTERNAL_ERROR, "NULL value in the non-nullable Parquet column {}",
                     node.name);
        }
      }
    }
    return;
  }
  Shredder shredder(leaves);
  for (idx_t row = begin; row < end; ++row)
    shredder.value(node, vector, row, 0);
  for (uint32_t leaf = node.first_leaf; leaf < node.first_leaf + node.leaf_count; ++leaf) {
    // A leaf that never saw a value still needs its vector for the writer's type dispatch.
    if (leaves[leaf].values == nullptr)
      leaves[leaf].values = &vector;
  }
}

}  // namespace sluice::parquet
