// src/cli/init_command.cpp
#include "cli/init_command.hpp"

#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "cli/exit_code.hpp"

namespace sluice {

namespace fs = std::filesystem;

namespace {

constexpr const char* kSpec =
    R"(# The pipeline spec: its name, where its tables live and its source files.
# spark-pipelines (Spark 4.1) and sluice both run it.
name: {name}
storage: .sluice
libraries:
  - glob:
      include: transformations/**
)";

constexpr const char* kOrders =
    R"(-- Each JSON file under data/orders is read once: a file added later is read by the next run.
CREATE STREAMING TABLE orders (
  CONSTRAINT valid_amount EXPECT (amount > 0) ON VIOLATION DROP ROW
)
COMMENT 'Orders as they arrive'
AS SELECT order_id, customer, amount, CAST(ordered_at AS TIMESTAMP) AS ordered_at
FROM STREAM read_files(
  'data/orders',
  format => 'json',
  schema => 'order_id BIGINT, customer STRING, amount DECIMAL(10, 2), ordered_at STRING');
)";

constexpr const char* kTotals = R"(-- Recomputed at every run from the orders table.
CREATE MATERIALIZED VIEW daily_totals
COMMENT 'Revenue and orders by day'
AS SELECT CAST(ordered_at AS DATE) AS day, count(*) AS orders, sum(amount) AS revenue
FROM orders
GROUP BY CAST(ordered_at AS DATE);
)";

constexpr const char* kData =
    R"({"order_id": 1, "customer": "ada", "amount": 12.50, "ordered_at": "2024-05-01T09:15:00"}
{"order_id": 2, "customer": "grace", "amount": 30.00, "ordered_at": "2024-05-01T11:40:00"}
{"order_id": 3, "customer": "edsger", "amount": -4.00, "ordered_at": "2024-05-02T08:05:00"}
{"order_id": 4, "customer": "barbara", "amount": 7.25, "ordered_at": "2024-05-02T17:30:00"}
)";

void writeFile(const fs::path& path, const std::string& content) {
  fs::create_directories(path.parent_path());
  std::ofstream stream(path, std::ios::binary);
  stream << content;
  if (!stream)
    throwError(ErrorClass::IO_ERROR, "Cannot write {}.", path.string());
}

class InitCommand : public Command {
 public:
  CLI::App* attach(CLI::App& parent) override {
    CLI::App* command =
        parent.add_subcommand("init", "Write a starter pipeline into a new folder NAME");
    command->add_option("name", name_, "The pipeline's name and folder");
    command->add_option("--name", name_, "The same, as spark-pipelines init takes it");
    return command;
  }

  int run(std::ostream& out, std::ostream& err) override {
    if (name_.empty()) {
      err << "sluice init: give the new pipeline's name: sluice init NAME\n";
      return kExitInvalidInput;
    }
    fs::path folder(name_);
    std::error_code error;
    if (fs::exists(folder, error)) {
      err << fmt::format("sluice init: {} exists already; choose a new name\n", folder.string());
      return kExitInvalidInput;
    }
    std::string name = folder.filename().string();
    writeFile(folder / "spark-pipeline.yml", fmt::format(kSpec, fmt::arg("name", name)));
    writeFile(folder / "transformations" / "orders.sql", kOrders);
    writeFile(folder / "transformations" / "daily_totals.sql", kTotals);
    writeFile(folder / "data" / "orders" / "orders-0001.json", kData);
    out << fmt::format(
        "Pipeline project '{}' created. To run it:\n"
        "  cd {}\n"
        "  sluice run\n"
        "  sluice query \"SELECT * FROM daily_totals\"\n",
        name, folder.string());
    return kExitSuccess;
  }

 private:
  std::string name_;
};

}  // namespace

std::unique_ptr<Command> makeInitCommand() {
  return std::make_unique<InitCommand>();
}

}  // namespace sluice
