// src/pipeline/registration/library_registration.cpp
#include "pipeline/registration/library_registration.hpp"

#include <map>
#include <mutex>

namespace sluice {

namespace {

struct Registrations {
  std::mutex mutex;
  std::map<std::string, LibraryFileRegistration> by_extension;
};

Registrations& registrations() {
  static Registrations instance;
  return instance;
}

}  // namespace

void installLibraryFileRegistration(const std::string& extension,
                                    LibraryFileRegistration registration) {
  Registrations& all = registrations();
  std::lock_guard lock(all.mutex);
  all.by_extension[extension] = std::move(registration);
}

const LibraryFileRegistration* findLibraryFileRegistration(const std::string& extension) {
  Registrations& all = registrations();
  std::lock_guard lock(all.mutex);
  auto found = all.by_extension.find(extension);
  // Entries are installed once at start-up and never removed, so the pointer stays valid.
  return found == all.by_extension.end() ? nullptr : &found->second;
}

}  // namespace sluice
