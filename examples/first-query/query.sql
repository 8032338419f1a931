-- A first taste of sluice: Spark SQL semantics, ANSI mode on, no cluster.
CREATE TEMPORARY VIEW orders AS
VALUES (1, 'widget', 3, 2.50BD, DATE '2024-02-29'),
       (2, 'gadget', 1, 19.99BD, DATE '2024-03-01'),
       (3, 'gizmo', NULL, 7.25BD, DATE '2024-03-02')
AS t(order_id, item, quantity, unit_price, ordered_on);

SELECT order_id,
       item,
       coalesce(quantity, 0) * unit_price AS total,
       CASE WHEN quantity IS NULL THEN 'missing quantity' ELSE 'ok' END AS status,
       typeof(unit_price) AS price_type,
       ordered_on
FROM orders
WHERE ordered_on >= DATE '2024-02-29';
