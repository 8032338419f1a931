// src/exec/pipeline/pipeline.cpp
#include "exec/pipeline/pipeline.hpp"

#include "common/check.hpp"
#include "exec/physical/physical_union.hpp"

namespace sluice {

namespace {

// Walks down from `op` (the operator feeding the pipeline's current bottom), filling in
// `pipeline` and appending the pipelines it depends on to `pipelines` first.
void walk(const PhysicalOperator& op, Pipeline& pipeline, std::vector<Pipeline>& pipelines);

// A union: one pipeline per child, each a copy of `pipeline` (the operators above the union
// and the sink) below which the child's own operators and source go. `pipeline` becomes the
// last child's; the others are appended after every pipeline that any child depends on.
void walkUnion(const PhysicalUnion& which, Pipeline& pipeline, std::vector<Pipeline>& pipelines) {
  std::vector<Pipeline> feeders;
  for (size_t child = 0; child < which.children.size(); ++child) {
    Pipeline feeder = pipeline;
    if (pipeline.index_shift >= 8) {
      feeder.index_base = pipeline.index_base + (uint64_t{child} << pipeline.index_shift);
      feeder.index_shift = pipeline.index_shift - 8;
    }
    walk(*which.children[child], feeder, pipelines);
    feeders.push_back(std::move(feeder));
  }
  pipeline = std::move(feeders.back());
  feeders.pop_back();
  for (Pipeline& feeder : feeders)
    pipelines.push_back(std::move(feeder));
}

void walk(const PhysicalOperator& op, Pipeline& pipeline, std::vector<Pipeline>& pipelines) {
  if (op.isSink() && op.isStreaming()) {
    // A join: children[1] fills its table in a pipeline of its own, which runs first; the rows
    // of children[0] probe it in this pipeline.
    SLUICE_CHECK_EQ(op.children.size(), 2u);
    Pipeline build;
    build.sink = &op;
    walk(*op.children[1], build, pipelines);
    pipelines.push_back(std::move(build));
    pipeline.operators.insert(pipeline.operators.begin(), &op);
    walk(*op.children[0], pipeline, pipelines);
    return;
  }
  if (const auto* which = dynamic_cast<const PhysicalUnion*>(&op)) {
    walkUnion(*which, pipeline, pipelines);
    return;
  }
  if (op.isSink()) {
    // A breaker: it is this pipeline's source and the sink of a new pipeline below.
    SLUICE_CHECK(op.isSource());
    pipeline.source = &op;
    Pipeline below;
    below.sink = &op;
    SLUICE_CHECK_EQ(op.children.size(), 1u);
    walk(*op.children[0], below, pipelines);
    pipelines.push_back(std::move(below));
    return;
  }
  if (op.isStreaming()) {
    pipeline.operators.insert(pipeline.operators.begin(), &op);
    SLUICE_CHECK_EQ(op.children.size(), 1u);
    walk(*op.children[0], pipeline, pipelines);
    return;
  }
  SLUICE_CHECK(op.isSource());
  pipeline.source = &op;
}

}  // namespace

std::vector<Pipeline> buildPipelines(const PhysicalOperator& root) {
  SLUICE_CHECK(root.isSink());
  std::vector<Pipeline> pipelines;
  Pipeline top;
  top.sink = &root;
  SLUICE_CHECK_EQ(root.children.size(), 1u);
  walk(*root.children[0], top, pipelines);
  pipelines.push_back(std::move(top));

  // The pipelines of one sink (a union's children) move to where the last of them is, so that
  // they can run together; a pipeline that reads from the sink comes after that anyway.
  std::vector<Pipeline> grouped;
  grouped.reserve(pipelines.size());
  for (size_t index = 0; index < pipelines.size(); ++index) {
    const PhysicalOperator* sink = pipelines[index].sink;
    bool last = true;
    for (size_t later = index + 1; later < pipelines.size() && last; ++later)
      last = pipelines[later].sink != sink;
    if (!last)
      continue;
    for (Pipeline& pipeline : pipelines) {
      if (pipeline.sink == sink && pipeline.source != nullptr) {
        grouped.push_back(std::move(pipeline));
        pipeline.source = nullptr;
      }
    }
  }
  return grouped;
}

std::string describePipelines(const std::vector<Pipeline>& pipelines) {
  std::string text;
  for (const Pipeline& pipeline : pipelines) {
    text += pipeline.source->name();
    for (const PhysicalOperator* op : pipeline.operators)
      text += " -> " + op->name();
    text += " -> " + pipeline.sink->name() + "\n";
  }
  return text;
}

}  // namespace sluice
