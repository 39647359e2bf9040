package dev.brisk.bench;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks, before a read benchmark measures anything, which libraries accept strings that RFC 8259
 * does not allow: each case puts a few bad bytes at the start of the first user's {@code name} in
 * an otherwise valid document. A library that accepts them does less work per string than one
 * that checks; the report says which, so that a speed is never compared without it. Nothing is
 * timed here.
 */
final class Strictness {
  private Strictness() {}

  /** Bad bytes for the start of a string, and what they are. */
  record Case(String what, byte[] bytes) {}

  static final List<Case> CASES = List.of(
      new Case("raw control character U+0001", new byte[] {1}),
      new Case("raw line feed", new byte[] {'\n'}),
      new Case("byte 0xFF, never UTF-8", new byte[] {(byte) 0xFF}),
      new Case("lead byte 0xC3 without its continuation", new byte[] {(byte) 0xC3}),
      new Case("overlong '/' (C0 AF)", new byte[] {(byte) 0xC0, (byte) 0xAF}),
      new Case("encoded surrogate U+D800 (ED A0 80)", new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80}),
      new Case("unknown escape \\x", new byte[] {'\\', 'x'}));

  /** A library's read of a whole document; anything it throws means it rejected the document. */
  interface Reader {
    Object read(byte[] doc) throws Throwable;
  }

  /** {@code doc} with {@code bytes} put right after the opening quote of its first "name" value. */
  static byte[] withName(byte[] doc, byte[] bytes) {
    String key = "\"name\":\"";
    // Latin-1 gives one character per byte, so the string's index is the byte's.
    int at = new String(doc, StandardCharsets.ISO_8859_1).indexOf(key);
    if (at < 0) {
      throw new IllegalArgumentException("the document has no \"name\" member");
    }
    int from = at + key.length();
    return DamageCampaign.splice(doc, from, from, bytes);
  }

  /**
   * Null when {@code r} reads {@code doc} and rejects every case with an exception; otherwise what
   * it got wrong: the valid document rejected, the cases it accepted, or those it failed on with
   * an Error.
   */
  static String verdict(byte[] doc, Reader r) {
    try {
      r.read(doc);
    } catch (Throwable t) {
      return "rejects the valid document itself: " + t;
    }
    List<String> accepted = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    for (Case c : CASES) {
      try {
        r.read(withName(doc, c.bytes()));
        accepted.add(c.what());
      } catch (Exception e) {
        // rejected, as RFC 8259 asks
      } catch (Throwable t) { // an Error (stack overflow, out of memory) is no clear rejection
        failed.add(c.what() + " (" + t + ")");
      }
    }
    List<String> said = new ArrayList<>();
    if (!accepted.isEmpty()) {
      said.add("accepts " + accepted.size() + " of " + CASES.size() + ": " + String.join("; ", accepted));
    }
    if (!failed.isEmpty()) {
      said.add("fails on " + String.join("; ", failed));
    }
    return said.isEmpty() ? null : String.join("; ", said);
  }

  /** Prints each library's verdict: {@code results} holds pairs of a library and its verdict. */
  static void report(String what, List<String[]> results) {
    StringBuilder b = new StringBuilder("\n[strictness: " + what + ", " + CASES.size() + " malformed strings]\n");
    for (String[] r : results) {
      b.append(String.format("  %-16s %s%n", r[0], r[1] == null ? "rejects all" : r[1]));
    }
    System.out.print(b);
  }
}
