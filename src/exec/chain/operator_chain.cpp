// src/exec/chain/operator_chain.cpp
#include "exec/chain/operator_chain.hpp"

#include "common/check.hpp"
#include "exec/physical/physical_union.hpp"

namespace sluice {

namespace {

// Walks down from `op` (the operator feeding the chain's current bottom), filling in
// `chain` and appending the chains it depends on to `chains` first.
void walk(const PhysicalOperator& op, OperatorChain& chain, std::vector<OperatorChain>& chains);

// A union: one chain per child, each a copy of `chain` (the operators above the union
// and the sink) below which the child's own operators and source go. `chain` becomes the
// last child's; the others are appended after every chain that any child depends on.
void walkUnion(const PhysicalUnion& which, OperatorChain& chain,
               std::vector<OperatorChain>& chains) {
  std::vector<OperatorChain> feeders;
  for (size_t child = 0; child < which.children.size(); ++child) {
    OperatorChain feeder = chain;
    if (chain.index_shift >= 8) {
      feeder.index_base = chain.index_base + (uint64_t{child} << chain.index_shift);
      feeder.index_shift = chain.index_shift - 8;
    }
    walk(*which.children[child], feeder, chains);
    feeders.push_back(std::move(feeder));
  }
  chain = std::move(feeders.back());
  feeders.pop_back();
  for (OperatorChain& feeder : feeders)
    chains.push_back(std::move(feeder));
}

void walk(const PhysicalOperator& op, OperatorChain& chain, std::vector<OperatorChain>& chains) {
  if (op.isSink() && op.isStreaming()) {
    // A join: children[1] fills its table in a chain of its own, which runs first; the rows
    // of children[0] probe it in this chain.
    SLUICE_CHECK_EQ(op.children.size(), 2u);
    OperatorChain build;
    build.sink = &op;
    walk(*op.children[1], build, chains);
    chains.push_back(std::move(build));
    chain.operators.insert(chain.operators.begin(), &op);
    walk(*op.children[0], chain, chains);
    return;
  }
  if (const auto* which = dynamic_cast<const PhysicalUnion*>(&op)) {
    walkUnion(*which, chain, chains);
    return;
  }
  if (op.isSink()) {
    // A breaker: it is this chain's source and the sink of a new chain below.
    SLUICE_CHECK(op.isSource());
    chain.source = &op;
    OperatorChain below;
    below.sink = &op;
    SLUICE_CHECK_EQ(op.children.size(), 1u);
    walk(*op.children[0], below, chains);
    chains.push_back(std::move(below));
    return;
  }
  if (op.isStreaming()) {
    chain.operators.insert(chain.operators.begin(), &op);
    SLUICE_CHECK_EQ(op.children.size(), 1u);
    walk(*op.children[0], chain, chains);
    return;
  }
  SLUICE_CHECK(op.isSource());
  chain.source = &op;
}

}  // namespace

std::vector<OperatorChain> buildOperatorChains(const PhysicalOperator& root) {
  SLUICE_CHECK(root.isSink());
  std::vector<OperatorChain> chains;
  OperatorChain top;
  top.sink = &root;
  SLUICE_CHECK_EQ(root.children.size(), 1u);
  walk(*root.children[0], top, chains);
  chains.push_back(std::move(top));

  // The chains of one sink (a union's children) move to where the last of them is, so that
  // they can run together; a chain that reads from the sink comes after that anyway.
  std::vector<OperatorChain> grouped;
  grouped.reserve(chains.size());
  for (size_t index = 0; index < chains.size(); ++index) {
    const PhysicalOperator* sink = chains[index].sink;
    bool last = true;
    for (size_t later = index + 1; later < chains.size() && last; ++later)
      last = chains[later].sink != sink;
    if (!last)
      continue;
    for (OperatorChain& chain : chains) {
      if (chain.sink == sink && chain.source != nullptr) {
        grouped.push_back(std::move(chain));
        chain.source = nullptr;
      }
    }
  }
  return grouped;
}

std::string describeOperatorChains(const std::vector<OperatorChain>& chains) {
  std::string text;
  for (const OperatorChain& chain : chains) {
    text += chain.source->name();
    for (const PhysicalOperator* op : chain.operators)
      text += " -> " + op->name();
    text += " -> " + chain.sink->name() + "\n";
  }
  return text;
}

}  // namespace sluice
