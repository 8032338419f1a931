// src/exec/join/join_hash_table.hpp
//
// The hash table of a hash join's build side: the build rows' keys in the hash aggregate's row
// layout (exec/aggregate/group_row_layout.hpp: [hash][key validity][keys]), one fixed-width
// row per build row in one allocation, and buckets that chain the build rows by the low bits
// of their hash. Build row i is row i of the build side's materialized columns, so a match
// is a pair (probe row, build row) that the join gathers its output columns from.
//
// Probing runs a vector of probe rows at a time: hash every key, look up every bucket, then
// repeatedly compare the candidates' stored hashes and keys (group_keys.hpp, a column at a
// time) and step every probe row to the next candidate of its chain, until all chains end.
// One integral key compared with `=` whose build values span a range not much larger than
// the build side (the surrogate keys of a dimension table) indexes the buckets by the key's
// offset in that range instead: no hash to compute or compare, and a candidate is a match.
// Keys follow Spark's join semantics: a NULL key never matches with `=`, and matches NULL with
// `<=>`; floating-point keys are normalized (-0.0 is 0.0, NaN equals NaN) as Spark does.
#pragma once

#include <memory>
#include <vector>

#include "common/vector/buffer.hpp"
#include "common/vector/vector.hpp"
#include "exec/aggregate/group_row_layout.hpp"
#include "exec/aggregate/page_memory.hpp"

namespace sluice {

class JoinHashTable {
 public:
  //! Where the probe of one vector stands: the probe rows still walking a chain and the
  //! build row each is at. Kept by the caller between calls, with scratch space.
  struct ProbeCursor {
    std::vector<uint32_t> rows;        // probe rows with a candidate, in order
    std::vector<uint32_t> candidates;  // candidates[i]: the build row rows[i] is at
    idx_t count = 0;
    std::vector<uint64_t> hashes;          // by probe row
    std::vector<uint8_t*> candidate_rows;  // by probe row
    std::vector<uint32_t> candidate_of;    // by probe row
    std::vector<uint32_t> selection;
    std::vector<uint32_t> mismatches;
  };

  //! `null_safe[i]`: key i compares with <=> (NULL matches NULL) rather than =.
  JoinHashTable(std::vector<DataType> key_types, std::vector<bool> null_safe);

  //! Makes room for build rows 0..rows-1, added by up to `writers` threads at once; called
  //! once, before any insert.
  void reserve(idx_t rows, size_t writers = 1);
  //! As reserve, for a table indexed directly by its one key, whose build values all lie in
  //! [min_key, max_key] (directIndexRange).
  void reserveDirect(idx_t rows, size_t writers, int64_t min_key, int64_t max_key);
  //! For one integral key compared with `=`: widens [min_key, max_key] to take the non-NULL
  //! values of `key` (its first `count` rows); false when the table cannot index by this key.
  static bool widenKeyRange(const Vector& key, idx_t count, const std::vector<bool>& null_safe,
                            int64_t& min_key, int64_t& max_key);
  //! Whether a key range is compact enough for rows build rows to index directly.
  static bool isDirectRange(int64_t min_key, int64_t max_key, idx_t rows);
  //! Adds build rows first_row..first_row+count-1 by their keys (flat vectors) and hashes
  //! (hashKeys). Rows with a NULL key under `=` are not added: they can never match. Threads
  //! that name distinct writers (< the reserved number) may add disjoint rows at once.
  void insertAt(const std::vector<Vector>& keys, const uint64_t* hashes, idx_t count,
                idx_t first_row, size_t writer);
  //! Adds the next `count` build rows, numbered on from those insert() added before.
  void insert(const std::vector<Vector>& keys, const uint64_t* hashes, idx_t count) {
    insertAt(keys, hashes, count, next_row_, 0);
    next_row_ += count;
  }
  //! The number of build rows reserved.
  idx_t size() const { return size_; }

  //! hashes[r] for r < count: the combined hash of the key columns of row r.
  static void hashKeys(const std::vector<Vector>& keys, idx_t count, uint64_t* hashes);

  //! Starts probing rows 0..count-1 by their keys (flat vectors): finds each row's first
  //! candidate; rows with a NULL key under `=` or an empty bucket get none.
  void startProbe(const std::vector<Vector>& keys, idx_t count, ProbeCursor& cursor) const;
  //! Compares every active probe row's keys with its candidate's, appends the matching pairs
  //! to probe_rows / build_rows (room for cursor.count more) and returns how many; then steps
  //! every active row to its next candidate, dropping rows at the end of their chain.
  idx_t matchAndAdvance(const std::vector<Vector>& keys, ProbeCursor& cursor, uint32_t* probe_rows,
                        uint32_t* build_rows) const;

 private:
  static constexpr uint32_t kEnd = 0;  // chains hold build row + 1; 0 ends them
  //! From this many buckets (256 KiB) on, probes prefetch buckets and candidate rows.
  static constexpr idx_t kPrefetchBuckets = idx_t{1} << 16;

  uint8_t* rowAt(idx_t build_row) const { return rows_.data() + build_row * layout_.row_width; }
  //! Direct index: buckets[r] for r < count, the key's offset from direct_min_, or kNoBucket
  //! for a NULL key or one outside the range.
  void directBuckets(const Vector& key, idx_t count, uint64_t* buckets) const;
  static constexpr uint64_t kNoBucket = ~uint64_t{0};
  //! Whether some bucket holds more than one build row; when none does, chains end at once.
  bool anyChained() const;
  //! Steps every active probe row to the next build row of its chain; returns how many remain.
  idx_t advance(ProbeCursor& cursor) const;
  //! Whether row `row` of the key vectors has a NULL in a key compared with `=`.
  bool hasNullKey(const std::vector<Vector>& keys, idx_t row) const;

  GroupRowLayout layout_;
  std::vector<bool> null_safe_;
  bool any_null_rejecting_ = false;
  PageMemory rows_;
  std::vector<uint32_t> buckets_;
  std::vector<uint32_t> next_;
  uint64_t mask_ = 0;
  bool direct_ = false;
  int64_t direct_min_ = 0;
  idx_t size_ = 0;
  idx_t next_row_ = 0;
  //! What one inserting thread writes with: scratch space and the heap of its long strings.
  struct Writer {
    std::vector<uint8_t*> row_pointers;
    std::vector<uint32_t> selection;
    std::vector<uint64_t> buckets;  // direct index: each row's bucket
    //! Direct index: this writer put a row into a bucket that held one already.
    bool chained = false;
    StringHeap heap;
  };
  std::vector<std::unique_ptr<Writer>> writers_;
};

}  // namespace sluice
