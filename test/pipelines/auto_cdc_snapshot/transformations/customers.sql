-- Periodic snapshots of the catalog table `customers` (written outside the pipeline): each
-- update compares the table as it stands with the previous snapshot, key by key.

-- SCD type 1: the customers as the last snapshot has them.
CREATE STREAMING TABLE customers_scd1;

CREATE FLOW customers_scd1_flow AS AUTO CDC INTO customers_scd1
FROM SNAPSHOT customers
KEYS (id)
STORED AS SCD TYPE 1;

-- SCD type 2: every version of each customer, closed when a snapshot changes or drops it.
CREATE STREAMING TABLE customers_scd2
FLOW AUTO CDC
FROM SNAPSHOT customers
KEYS (id)
STORED AS SCD TYPE 2;

-- SCD type 2 with a history of the name only: a new city updates the open version in place.
CREATE STREAMING TABLE customers_names;

CREATE FLOW customers_names_flow AS AUTO CDC INTO customers_names
FROM SNAPSHOT customers
KEYS (id)
STORED AS SCD TYPE 2
TRACK HISTORY ON * EXCEPT (city);

-- A view of the pipeline is snapshotted as well; its key is two columns.
CREATE TEMPORARY VIEW cities AS SELECT city, name, id FROM customers;

CREATE STREAMING TABLE customers_by_city;

CREATE FLOW customers_by_city_flow AS AUTO CDC INTO customers_by_city
FROM SNAPSHOT cities
KEYS (city, name)
STORED AS SCD TYPE 1;
