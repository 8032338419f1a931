#!/usr/bin/env python3
"""Generates the medallion benchmark's input files (bench/MEDALLION.md of the design notes).

    generate.py OUT_DIR [--scale S|M|L|<events>] [--seed N] [--increment]

Writes OUT_DIR/events/part-NNNNN.jsonl (80 % of the events in 100 JSON-lines files),
OUT_DIR/events_b/part-NNNNN.csv (20 % in 20 CSV files with a header) and OUT_DIR/users.csv.
With --increment it writes only events/part-00100.jsonl, the next increment. The output is a
function of the scale and the seed alone.
"""
import argparse
import datetime
import os
import random

SCALES = {"S": 100_000, "M": 5_000_000, "L": 20_000_000}
EVENT_TYPES = ["view", "click", "add_to_cart", "checkout", "purchase", "search", "login", "logout"]
EVENT_WEIGHTS = [40, 25, 10, 6, 5, 8, 4, 2]
COUNTRIES = ["US", "GB", "DE", "FR", "IN", "BR", "CA", "AU", "JP", "ES", "IT", "NL", "SE", "MX",
             "KR", "PL", "TR", "AR", "ZA", "NG", "EG", "ID", "PH", "VN", "TH", "CH", "BE", "AT",
             "IE", "NZ"]
# Skewed: the first countries carry most events.
COUNTRY_WEIGHTS = [1.0 / (rank + 1) ** 1.1 for rank in range(len(COUNTRIES))]
DEVICES = ["web", "ios", "android", "tablet", "tv"]
DEVICE_WEIGHTS = [45, 25, 22, 6, 2]
TIERS = ["free", "basic", "pro", "enterprise"]
TIER_WEIGHTS = [60, 25, 12, 3]
BAD_TIMESTAMPS = ["2024-13-45T25:61:00Z", "not-a-timestamp", "15/03/2024 12:34:56"]
JSON_FILES = 100
CSV_FILES = 20
YEAR_START = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)
YEAR_MS = 366 * 24 * 3600 * 1000


def timestamp_text(ms):
    moment = YEAR_START + datetime.timedelta(milliseconds=ms)
    return moment.strftime("%Y-%m-%dT%H:%M:%S.") + f"{moment.microsecond // 1000:03d}Z"


class EventMaker:
    def __init__(self, rng, users):
        self.rng = rng
        self.users = users

    def user_id(self):
        # Skewed to low ids; 0.5 % point at users that do not exist.
        if self.rng.random() < 0.005:
            return self.users + 1 + self.rng.randrange(self.users)
        return 1 + int(self.users * self.rng.random() ** 2)

    def event(self, event_id, slice_start, slice_ms):
        rng = self.rng
        ms = slice_start + rng.randrange(slice_ms)
        if rng.random() < 0.03 and slice_start > 0:  # late rows: an earlier time
            ms = rng.randrange(slice_start)
        amount = None if rng.random() < 0.10 else rng.randrange(1, 100_001) / 100
        defect = rng.random()
        ts = timestamp_text(ms)
        if defect < 0.007:
            event_id = None
        elif defect < 0.014:
            amount = -(amount if amount is not None else 1.0)
        elif defect < 0.020:
            ts = rng.choice(BAD_TIMESTAMPS)
        return {
            "event_id": event_id,
            "user_id": self.user_id(),
            "ts": ts,
            "event_type": rng.choices(EVENT_TYPES, EVENT_WEIGHTS)[0],
            "amount": amount,
            "country": rng.choices(COUNTRIES, COUNTRY_WEIGHTS)[0],
            "device": rng.choices(DEVICES, DEVICE_WEIGHTS)[0],
            "version": rng.randrange(1, 61),
        }


def json_line(e):
    event_id = "null" if e["event_id"] is None else str(e["event_id"])
    amount = "null" if e["amount"] is None else f"{e['amount']:.2f}"
    return (f'{{"event_id":{event_id},"user_id":{e["user_id"]},"ts":"{e["ts"]}",'
            f'"event_type":"{e["event_type"]}","amount":{amount},"country":"{e["country"]}",'
            f'"payload":{{"device":"{e["device"]}","version":{e["version"]}}}}}\n')


def csv_line(e):
    event_id = "" if e["event_id"] is None else str(e["event_id"])
    amount = "" if e["amount"] is None else f"{e['amount']:.2f}"
    return (f'{event_id},{e["user_id"]},{e["ts"]},{e["event_type"]},{amount},{e["country"]},'
            f'{e["device"]},{e["version"]}\n')


def write_users(out_dir, users, rng):
    first = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Ken", "Radia", "Tim"]
    with open(os.path.join(out_dir, "users.csv"), "w") as out:
        out.write("user_id,name,signup_date,tier\n")
        for user_id in range(1, users + 1):
            name = f"{rng.choice(first)} {user_id}"
            if rng.random() < 0.02:
                name = f'"{name}, Jr."'
            signup = datetime.date(2020, 1, 1) + datetime.timedelta(days=rng.randrange(1460))
            tier = rng.choices(TIERS, TIER_WEIGHTS)[0]
            out.write(f"{user_id},{name},{signup.isoformat()},{tier}\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out_dir")
    parser.add_argument("--scale", default="S")
    parser.add_argument("--seed", type=int, default=42)
    parser.add_argument("--increment", action="store_true")
    args = parser.parse_args()
    events = SCALES.get(args.scale.upper()) or int(args.scale)
    users = max(1000, events // 50)
    json_events = events * 8 // 10
    csv_events = events - json_events
    per_json = json_events // JSON_FILES
    per_csv = csv_events // CSV_FILES
    os.makedirs(os.path.join(args.out_dir, "events"), exist_ok=True)
    os.makedirs(os.path.join(args.out_dir, "events_b"), exist_ok=True)

    rng = random.Random(args.seed)
    if not args.increment:
        write_users(args.out_dir, users, random.Random(args.seed + 1))
    maker = EventMaker(rng, users)
    slice_ms = YEAR_MS // JSON_FILES
    first_file = JSON_FILES if args.increment else 0
    last_file = JSON_FILES + 1 if args.increment else JSON_FILES
    for index in range(first_file, last_file):
        # Each file its own generator, so the increment does not depend on the other files.
        maker.rng = random.Random(args.seed * 1_000_003 + index)
        path = os.path.join(args.out_dir, "events", f"part-{index:05d}.jsonl")
        with open(path, "w") as out:
            base = index * per_json
            out.writelines(json_line(maker.event(base + n + 1, index * slice_ms, slice_ms))
                           for n in range(per_json))
    if args.increment:
        return
    csv_slice = YEAR_MS // CSV_FILES
    for index in range(CSV_FILES):
        maker.rng = random.Random(args.seed * 2_000_003 + index)
        path = os.path.join(args.out_dir, "events_b", f"part-{index:05d}.csv")
        with open(path, "w") as out:
            out.write("event_id,user_id,ts,event_type,amount,country,device,version\n")
            # Ids after every JSON id, so the two sources never share one.
            base = 10 * events + index * per_csv
            out.writelines(csv_line(maker.event(base + n + 1, index * csv_slice, csv_slice))
                           for n in range(per_csv))


if __name__ == "__main__":
    main()
