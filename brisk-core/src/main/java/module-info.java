/**
 * Brisk's core: the streaming {@link dev.brisk.json.JsonReader} and {@link dev.brisk.json.JsonWriter}
 * over UTF-8 bytes and the {@link dev.brisk.json.JsonValue} tree. Doubles are parsed by
 * FastDoubleParser, its one dependency.
 *
 * <p>A writer reads a Latin-1 string's own bytes (instead of a copy) where the application opens
 * {@code java.lang} to this module ({@code --add-opens java.base/java.lang=dev.brisk.json}) and
 * otherwise through {@code sun.misc.Unsafe}, which is why this module requires {@code
 * jdk.unsupported}: on JDK 17 to 23, and on 24 and later where the JVM runs with {@code
 * --sun-misc-unsafe-memory-access=allow} (by default they warn at its first use, so Brisk leaves
 * it alone there); {@code -Ddev.brisk.json.unsafe=false} turns that off.
 */
module dev.brisk.json {
  requires ch.randelshofer.fastdoubleparser;
  requires jdk.unsupported;

  exports dev.brisk.json;
}
