// src/sql/ast/statement.hpp
//
// The statements of the SQL AST. Each statement keeps the SourceText it was parsed from and
// its byte range there, so that later stages can quote it in errors. Pipeline statements
// (CREATE STREAMING TABLE, CREATE FLOW, ...) are further kinds of the same base.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sql/ast/query.hpp"

namespace sluice::sql {

enum class StatementKind : uint8_t {
  kQuery,        // a query
  kSet,          // SET, SET -v, SET key, SET key = value
  kSetTimeZone,  // SET TIME ZONE LOCAL | 'zone' | INTERVAL ...
  kCreateView,   // CREATE [OR REPLACE] [TEMPORARY] VIEW
  kDropView,     // DROP VIEW [IF EXISTS]
  kExplain,      // EXPLAIN [mode] statement
};

class Statement {
 public:
  virtual ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  StatementKind kind() const { return kind_; }
  template <typename T>
  const T& as() const {
    SLUICE_CHECK(kind_ == T::kKind);
    return static_cast<const T&>(*this);
  }
  template <typename T>
  T& as() {
    SLUICE_CHECK(kind_ == T::kKind);
    return static_cast<T&>(*this);
  }

  //! Same kind and contents; positions and source are ignored.
  virtual bool equals(const Statement& other) const = 0;

  //! The statement's text as written, without the ';' that ends it.
  std::string_view text() const;
  //! The location of a position of this statement, for an Error.
  SourceLocation locate(SourcePosition at) const;

  SourcePosition position;  // the first token
  uint32_t end_offset = 0;  // just past the last token
  SourceTextPtr source;

 protected:
  Statement(StatementKind kind, SourcePosition start) : position(start), kind_(kind) {}

 private:
  StatementKind kind_;
};

using StatementPtr = std::unique_ptr<Statement>;

class QueryStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kQuery;
  explicit QueryStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  QueryPtr query;
};

//! SET forms. Key and value are raw text, as Spark keeps them: `SET a.b = 'x' ` has key "a.b"
//! and value "'x'" (quotes included, surrounding spaces trimmed); a key or value written in
//! backquotes is unquoted.
class SetStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kSet;
  enum class Form : uint8_t {
    kListAll,      // SET
    kListVerbose,  // SET -v
    kGet,          // SET key
    kAssign,       // SET key = value (value may be empty)
  };
  explicit SetStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  Form form = Form::kListAll;
  std::string key;
  std::string value;
};

//! SET TIME ZONE LOCAL | 'zone' | INTERVAL ...
class SetTimeZoneStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kSetTimeZone;
  explicit SetTimeZoneStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool local = false;  // SET TIME ZONE LOCAL
  std::string zone;    // the string's value, e.g. "America/Los_Angeles" or "+08:00"
  ExprPtr interval;    // an interval LiteralExpr, e.g. INTERVAL 8 HOURS
};

//! One column of a view's column list: name [COMMENT 'text'].
struct ViewColumn {
  std::string name;
  std::optional<std::string> comment;
  SourcePosition position;

  bool operator==(const ViewColumn& other) const {
    return name == other.name && comment == other.comment;
  }
};

//! CREATE [OR REPLACE] [TEMPORARY] VIEW [IF NOT EXISTS] name [(columns)] [COMMENT 'text']
//! [TBLPROPERTIES (...)] AS query.
class CreateViewStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kCreateView;
  explicit CreateViewStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool or_replace = false;
  bool temporary = false;
  bool if_not_exists = false;
  std::vector<std::string> name;
  std::vector<ViewColumn> columns;
  std::optional<std::string> comment;
  std::vector<Property> properties;
  QueryPtr query;
};

//! DROP VIEW [IF EXISTS] name.
class DropViewStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kDropView;
  explicit DropViewStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  bool if_exists = false;
  std::vector<std::string> name;
};

enum class ExplainMode : uint8_t { kSimple, kExtended, kFormatted, kCodegen, kCost, kLogical };

//! EXPLAIN [LOGICAL | FORMATTED | EXTENDED | CODEGEN | COST] statement.
class ExplainStatement : public Statement {
 public:
  static constexpr StatementKind kKind = StatementKind::kExplain;
  explicit ExplainStatement(SourcePosition start) : Statement(kKind, start) {}
  bool equals(const Statement& other) const override;

  ExplainMode mode = ExplainMode::kSimple;
  StatementPtr statement;
};

}  // namespace sluice::sql
