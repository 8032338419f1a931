// src/exec/physical/physical_operator.cpp
//
// The defaults of the roles an operator does not play: reaching one is a planner bug.
#include "exec/physical/physical_operator.hpp"

#include "common/check.hpp"

namespace sluice {

namespace {
[[noreturn]] void missingRole(const std::string& name, const char* role) {
  SLUICE_UNREACHABLE(std::string(name) + " is not a " + role);
}
}  // namespace

std::unique_ptr<GlobalSourceState> PhysicalOperator::makeGlobalSourceState(const ExecContext&,
                                                                           GlobalSinkState*) const {
  missingRole(name_, "source");
}
std::unique_ptr<LocalSourceState> PhysicalOperator::makeLocalSourceState(const ExecContext&,
                                                                         GlobalSourceState&) const {
  return std::make_unique<LocalSourceState>();
}
bool PhysicalOperator::getData(const ExecContext&, Morsel&, GlobalSourceState&,
                               LocalSourceState&) const {
  missingRole(name_, "source");
}

std::unique_ptr<OperatorState> PhysicalOperator::makeOperatorState(const ExecContext&) const {
  return std::make_unique<OperatorState>();
}
OperatorResult PhysicalOperator::execute(const ExecContext&, const Batch&, Batch&,
                                         OperatorState&) const {
  missingRole(name_, "streaming operator");
}

std::unique_ptr<GlobalSinkState> PhysicalOperator::makeGlobalSinkState(const ExecContext&) const {
  missingRole(name_, "sink");
}
std::unique_ptr<LocalSinkState> PhysicalOperator::makeLocalSinkState(const ExecContext&,
                                                                     GlobalSinkState&) const {
  return std::make_unique<LocalSinkState>();
}
SinkResult PhysicalOperator::sink(const ExecContext&, Morsel&, GlobalSinkState&,
                                  LocalSinkState&) const {
  missingRole(name_, "sink");
}
void PhysicalOperator::combine(const ExecContext&, GlobalSinkState&, LocalSinkState&) const {}
void PhysicalOperator::finalize(const ExecContext&, GlobalSinkState&) const {}

std::string PhysicalOperator::explain(int depth) const {
  std::string text(static_cast<size_t>(depth) * 2, ' ');
  text += name_;
  std::string own = details();
  if (!own.empty())
    text += " " + own;
  text += "\n";
  for (const auto& child : children)
    text += child->explain(depth + 1);
  return text;
}

}  // namespace sluice
