// src/planner/binder/cte_scope.hpp
//
// The common table expressions a query can see. WITH a AS (...), b AS (...) adds a and b to
// the names its body can reference; b's query sees a, and a's query sees only what the WITH
// itself sees, and itself under WITH RECURSIVE (recursive_cte_binder.hpp). An inner WITH
// shadows an outer one, and a CTE shadows a temporary view or a table of the same one-part
// name. Names compare case-insensitively. A reference binds the CTE's query afresh, so a CTE
// read from several places is computed once per place.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sql/ast/query.hpp"
#include "sql/ast/statement.hpp"

namespace sluice {

struct SelfReference;

//! One CTE, linked to the CTEs that were visible where it was defined.
struct CteBinding {
  const sql::CommonTableExpr* definition = nullptr;
  const sql::Statement* statement = nullptr;  // the statement that holds its text
  const CteBinding* outer = nullptr;
  //! Defined by WITH RECURSIVE: its query sees itself.
  bool recursive_with = false;
  //! Set on the binding its own query sees while it is bound: what a reference binds to.
  SelfReference* self = nullptr;
};

//! The CTE named `name` that `innermost` (a chain of CteBinding, maybe null) sees, or null.
const CteBinding* findCte(const CteBinding* innermost, std::string_view name);

//! While it lives, `visible` (the binder's innermost CTE) also holds the CTEs of `query`'s
//! WITH; the constructor raises DUPLICATED_CTE_NAMES when two of them share a name.
class CteScopeGuard {
 public:
  CteScopeGuard(const sql::Query& query, const sql::Statement& statement,
                const CteBinding*& visible);
  ~CteScopeGuard();
  CteScopeGuard(const CteScopeGuard&) = delete;
  CteScopeGuard& operator=(const CteScopeGuard&) = delete;

 private:
  const CteBinding*& visible_;
  const CteBinding* saved_;
  std::vector<std::unique_ptr<CteBinding>> bindings_;
};

}  // namespace sluice
