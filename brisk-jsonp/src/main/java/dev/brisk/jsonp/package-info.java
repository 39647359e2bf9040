/**
 * {@link dev.brisk.jsonp.BriskJsonProvider}, a complete Jakarta JSON-P 2.1 provider on the core
 * reader and writer, found by the {@code ServiceLoader} or taken without a lookup from {@code
 * BriskJsonProvider.instance()}; it passes the JSON-P TCK 2.1.1 in this module's build. {@link
 * dev.brisk.jsonp.BriskJsonp} bridges JSON-P parsers and generators to the core reader and writer.
 *
 * <p>JSON-P values are immutable and thread-safe; parsers, generators, readers, writers and
 * builders belong to one thread at a time.
 */
package dev.brisk.jsonp;
