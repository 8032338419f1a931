// src/function/scalar/current_user.cpp
//
// current_user() / user() / session_user(): the user running the session. Spark takes it from
// the SPARK_USER environment variable, else the operating-system user; sluice does the same.

#include <pwd.h>
#include <unistd.h>

#include <cstdlib>

#include "function/function_registry.hpp"

namespace sluice {

namespace {

std::string sessionUserName() {
  if (const char* spark_user = std::getenv("SPARK_USER"); spark_user != nullptr && *spark_user)
    return spark_user;
  if (const passwd* entry = getpwuid(geteuid()); entry != nullptr && entry->pw_name != nullptr)
    return entry->pw_name;
  if (const char* user = std::getenv("USER"); user != nullptr)
    return user;
  return "";
}

BoundScalarFunction bindCurrentUser(std::string name, const BindRequest&) {
  std::string user = sessionUserName();
  ScalarKernel kernel = [user](const ExecContext&, const ArgumentVectors&, const RowSet& rows,
                               Vector& result) {
    StringView text = result.addString(user);
    StringView* out = result.mutableData<StringView>();
    forEachRow(rows, [&](idx_t row) {
      result.setNull(row, false);
      out[row] = text;
    });
  };
  return {std::move(name), {}, DataType::string(), std::move(kernel)};
}

}  // namespace

void registerCurrentUserFunctions(FunctionRegistry& registry) {
  for (const char* name : {"current_user", "user", "session_user"}) {
    std::string spelled = name;
    registry.addScalar(
        {spelled, 0, 0, [spelled](const BindRequest& r) { return bindCurrentUser(spelled, r); }});
  }
}

}  // namespace sluice
