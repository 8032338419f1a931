// src/exec/pipeline/pipeline.cpp
#include "exec/pipeline/pipeline.hpp"

#include "common/check.hpp"

namespace sluice {

namespace {

// Walks down from `op` (the operator feeding the pipeline's current bottom), filling in
// `pipeline` and appending the pipelines it depends on to `pipelines` first.
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
  return pipelines;
}

std::string describePipelines(const std::vector<Pipeline>& pipelines) {
  std::string text;
  for (const Pipeline& pipeline : pipelines) {
    text += pipeline.source->name();
    for (const PhysicalOperator* op : pipeline.operators) text += " -> " + op->name();
    text += " -> " + pipeline.sink->name() + "\n";
  }
  return text;
}

}  // namespace sluice
