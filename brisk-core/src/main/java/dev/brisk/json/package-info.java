/**
 * JSON over UTF-8 bytes: a pull reader, a writer and an immutable tree. Start with {@link
 * dev.brisk.json.Json} ({@code parse}, {@code toBytes}, and {@code builder()} for limits and
 * options), {@link dev.brisk.json.JsonReader} to read token by token in constant memory, and
 * {@link dev.brisk.json.JsonWriter} to write.
 *
 * <p>Strict RFC 8259 by default; the limits of {@link dev.brisk.json.JsonLimits} are on by
 * default; every error is a {@link dev.brisk.json.JsonException} that says where (offset, line,
 * column, JSON path) and what. Numbers keep their exact text; doubles are written in the shortest
 * form that reads back to the same bits.
 *
 * <p>{@code Json} instances and trees are immutable and may be shared between threads; a reader
 * or a writer belongs to one thread at a time. The package depends on nothing but FastDoubleParser.
 */
package dev.brisk.json;
