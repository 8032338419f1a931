#include "function/function_registry.hpp"

#include <algorithm>

#include "common/error/error.hpp"

namespace sluice {

// Registered here rather than in the header, which every function file includes.
void registerFromJsonFunctions(FunctionRegistry& registry);

namespace {

std::string lowerCase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

const FunctionRegistry& FunctionRegistry::builtin() {
  static const FunctionRegistry registry = [] {
    FunctionRegistry built;
    registerArithmeticFunctions(built);
    registerComparisonFunctions(built);
    registerPredicateFunctions(built);
    registerConstructorFunctions(built);
    registerMiscFunctions(built);
    registerMathFunctions(built);
    registerRoundingFunctions(built);
    registerNumericFunctions(built);
    registerBitwiseFunctions(built);
    registerRandomFunctions(built);
    registerStringFunctions(built);
    registerStringTrimFunctions(built);
    registerSubstringFunctions(built);
    registerStringSearchFunctions(built);
    registerConcatFunctions(built);
    registerRegexFunctions(built);
    registerLikeFunctions(built);
    registerFormatFunctions(built);
    registerEncodingFunctions(built);
    registerDigestFunctions(built);
    registerHashFunctions(built);
    registerStringDistanceFunctions(built);
    registerDatetimeFieldFunctions(built);
    registerDatetimeArithmeticFunctions(built);
    registerDatetimeTimestampFunctions(built);
    registerDatetimeConversionFunctions(built);
    registerDatetimeWindowFunctions(built);
    registerIntervalFunctions(built);
    registerGetJsonObjectFunctions(built);
    registerToJsonFunctions(built);
    registerSchemaOfJsonFunctions(built);
    registerFromJsonFunctions(built);
    registerUuidFunctions(built);
    registerCurrentUserFunctions(built);
    registerSparkPartitionIdFunctions(built);
    registerMonotonicallyIncreasingIdFunctions(built);
    registerArrayLookupFunctions(built);
    registerArrayTransformFunctions(built);
    registerArraySetFunctions(built);
    registerArraySortFunctions(built);
    registerSequenceFunctions(built);
    registerMapFunctions(built);
    return built;
  }();
  return registry;
}

void FunctionRegistry::addScalar(ScalarFunctionEntry entry, std::vector<std::string> aliases) {
  for (const std::string& alias : aliases) {
    ScalarFunctionEntry copy = entry;
    scalars_[lowerCase(alias)] = std::move(copy);
  }
  std::string key = lowerCase(entry.name);
  scalars_[key] = std::move(entry);
}

const ScalarFunctionEntry* FunctionRegistry::findScalar(std::string_view name) const {
  auto found = scalars_.find(lowerCase(name));
  return found == scalars_.end() ? nullptr : &found->second;
}

std::vector<std::string> FunctionRegistry::scalarNames() const {
  std::vector<std::string> names;
  for (const auto& [name, entry] : scalars_)
    names.push_back(name);
  return names;
}

void requireArgumentType(bool condition, std::string_view name, const std::string& what) {
  if (!condition) {
    throw Error(ErrorClass::DATATYPE_MISMATCH, "UNEXPECTED_INPUT_TYPE",
                fmt::format("Cannot resolve \"{}\" due to data type mismatch: {}.", name, what));
  }
}

}  // namespace sluice
