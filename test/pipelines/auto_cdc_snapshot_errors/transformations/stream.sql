-- A snapshot is a table or view read whole, never a stream.
CREATE STREAMING TABLE from_stream;
CREATE FLOW from_stream_flow AS AUTO CDC INTO from_stream
FROM SNAPSHOT STREAM(accounts) KEYS (id);
