// src/storage/parquet/record_assembler.hpp
//
// Record assembly (Dremel): rebuilds the rows of one top-level column from its leaves'
// definition and repetition levels and values. A flat column decodes straight into its
// vector; nested columns buffer each leaf's levels and values for the rows of a batch and
// rebuild STRUCT validity, ARRAY / MAP entries and children from them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "common/vector/vector.hpp"
#include "storage/parquet/column_reader.hpp"
#include "storage/parquet/schema.hpp"

namespace sluice::parquet {

class ColumnAssembler {
 public:
  //! `readers` are the column chunk readers of the node's leaves, in leaf order.
  ColumnAssembler(const ColumnNode& node, std::vector<ColumnChunkReader*> readers);

  //! Fills rows [0, count) of `out`, a fresh vector of the node's type with room for them.
  void read(idx_t count, Vector& out);
  //! Flat columns, before the first read: passes over the next `count` rows (whole data pages
  //! undecoded, the rest decoded and dropped).
  void skipRows(idx_t count);

 private:
  struct LeafBuffer {
    ColumnChunkReader* reader = nullptr;
    const LeafColumn* leaf = nullptr;
    std::vector<uint16_t> definition;
    std::vector<uint16_t> repetition;
    size_t level_position = 0;
    std::vector<uint8_t> fixed;                    // fixed-width values, the type's width each
    std::string bytes;                             // STRING / BINARY values back to back
    std::vector<std::pair<size_t, size_t>> spans;  // offset and length in `bytes`
    size_t value_count = 0;
    size_t value_position = 0;
    size_t row_starts = 0;  // buffered entries with repetition level 0
    bool exhausted = false;
  };

  struct AssemblyNode {
    const ColumnNode* node = nullptr;
    std::vector<AssemblyNode> children;
    uint32_t child_count = 0;  // ARRAY / MAP: elements filled this batch
  };

  static AssemblyNode buildTree(const ColumnNode& node);
  static void resetCounts(AssemblyNode& node);

  void readFlat(idx_t count, Vector& out);
  void fill(LeafBuffer& buffer, idx_t rows);
  void compact(LeafBuffer& buffer);
  void assemble(AssemblyNode& node, Vector& out, idx_t row);
  void setNull(AssemblyNode& node, Vector& out, idx_t row);
  void skip(const ColumnNode& node);
  LeafBuffer& leafBuffer(uint32_t leaf) { return buffers_[leaf - node_.first_leaf]; }
  [[noreturn]] void corrupt(const LeafBuffer& buffer, const std::string& problem) const;

  const ColumnNode& node_;
  AssemblyNode root_;
  std::vector<LeafBuffer> buffers_;
  std::vector<uint16_t> definition_scratch_;
  std::vector<uint8_t> value_scratch_;
  std::vector<std::string_view> view_scratch_;
  std::vector<StringView> string_scratch_;
};

}  // namespace sluice::parquet
