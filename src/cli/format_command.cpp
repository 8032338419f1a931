// src/cli/format_command.cpp
//
// The format subcommand. Every file is parsed before anything is written, so a file with a
// syntax error is reported (exit 2) and left untouched; a rewrite replaces the file through a
// temporary file and a rename, so it is never left half-written.
#include "cli/format_command.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "cli/exit_code.hpp"
#include "sql/formatter.hpp"

namespace sluice {

namespace {

class FormatCommand : public Command {
 public:
  CLI::App* attach(CLI::App& parent) override {
    CLI::App* command = parent.add_subcommand(
        "format",
        "Print SQL files in canonical form (comments are kept; a statement with a "
        "comment inside it is kept as written)");
    command->add_option("files", files_, "The SQL files")->required();
    auto* check = command->add_flag(
        "--check", check_, "Print nothing but the names of files that would change; exit 1 if any");
    command->add_flag("-i,--in-place", in_place_, "Rewrite the files instead of printing them")
        ->excludes(check);
    return command;
  }

  int run(std::ostream& out, std::ostream& err) override {
    int code = kExitSuccess;
    for (const std::string& file : files_) {
      std::string original;
      if (!readFile(file, original)) {
        err << fmt::format("sluice format: cannot read {}\n", file);
        code = kExitInvalidInput;
        continue;
      }
      std::string formatted;
      try {
        formatted = sql::formatSql(original, file);
      } catch (const Error& error) {
        err << error.report() << '\n';
        code = std::max(code, exitCodeForError(error));
        continue;
      }
      if (check_) {
        if (formatted != original) {
          out << file << '\n';
          code = std::max(code, kExitFailure);
        }
      } else if (in_place_) {
        if (formatted != original && !replaceFile(file, formatted)) {
          err << fmt::format("sluice format: cannot write {}\n", file);
          code = kExitFailure;
        }
      } else {
        out << formatted;
      }
    }
    return code;
  }

 private:
  static bool readFile(const std::string& path, std::string& text) {
    std::ifstream stream(path, std::ios::binary);
    if (!stream)
      return false;
    std::ostringstream buffer;
    buffer << stream.rdbuf();
    text = buffer.str();
    return !stream.bad();
  }

  static bool replaceFile(const std::string& path, const std::string& text) {
    std::string temporary = path + ".sluice-format.tmp";
    {
      std::ofstream stream(temporary, std::ios::binary | std::ios::trunc);
      stream << text;
      stream.flush();
      if (!stream) {
        std::filesystem::remove(temporary);
        return false;
      }
    }
    std::error_code error;
    std::filesystem::rename(temporary, path, error);
    if (error)
      std::filesystem::remove(temporary);
    return !error;
  }

  std::vector<std::string> files_;
  bool check_ = false;
  bool in_place_ = false;
};

}  // namespace

std::unique_ptr<Command> makeFormatCommand() {
  return std::make_unique<FormatCommand>();
}

}  // namespace sluice
