"""What the `sluice query` command-line tests share: a fresh scratch folder with a storage
folder in it, runs of `sluice query --format csv` with given arguments, and the checks of their
output or their error, collected so that every failure is reported at the end."""
import os
import shutil
import subprocess


class QueryChecks:
    def __init__(self, sluice, scratch):
        self.sluice = sluice
        shutil.rmtree(scratch, ignore_errors=True)
        os.makedirs(scratch)
        self.storage = os.path.join(scratch, "storage")
        self.failures = []

    def run(self, *args):
        return subprocess.run(
            [self.sluice, "query", "--storage", self.storage, "--format", "csv", *args],
            capture_output=True, text=True, timeout=120)

    def expect_rows(self, args, rows):
        result = self.run(*args)
        if result.returncode != 0 or result.stdout.splitlines() != rows:
            self.failures.append(f"{args}: exit {result.returncode}, stdout {result.stdout!r}, "
                                 f"stderr {result.stderr!r}; expected {rows}")

    def expect_error(self, args, code, *fragments):
        result = self.run(*args)
        missing = [f for f in fragments if f not in result.stderr]
        if result.returncode != code or missing:
            self.failures.append(f"{args}: exit {result.returncode} (expected {code}), "
                                 f"stderr {result.stderr!r} lacks {missing}")

    def report(self):
        """Prints the failures (or ok) and returns the exit code."""
        if self.failures:
            print("\n".join(self.failures))
            return 1
        print("ok")
        return 0
