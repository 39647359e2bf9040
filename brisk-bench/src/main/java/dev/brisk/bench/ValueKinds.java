package dev.brisk.bench;

import java.util.SplittableRandom;

/**
 * The kinds of values {@link ValueWriteBenchmark} and {@link ValueReadBenchmark} time one at a
 * time, 1000 seeded values of a kind per operation: strings (ASCII, Latin-1 letters, CJK, with
 * escapes, 120 characters of ASCII), member names, integers and doubles of the shapes events
 * carry (cents such as 123.45, a random 17-digit fraction, a latitude).
 */
final class ValueKinds {
  private ValueKinds() {}

  static final int COUNT = 1000;

  static final String[] NAMES = {
    "distinct_id", "token", "plan", "amount", "quantity", "first_purchase", "session_ms", "score", "referrer", "device", "tags"
  };

  static boolean isString(String kind) {
    return switch (kind) {
      case "ascii", "latin1", "cjk", "escaped", "longAscii" -> true;
      default -> false;
    };
  }

  static boolean isDouble(String kind) {
    return switch (kind) {
      case "cents", "fraction", "latitude" -> true;
      default -> false;
    };
  }

  static String string(String kind, SplittableRandom r) {
    int n = r.nextInt(1_000_000);
    return switch (kind) {
      case "ascii" -> "user-" + n;
      case "latin1" -> "Zo\u00eb M\u00fcller-" + n;
      case "cjk" -> "\u6771\u4eac\u90fd\u6e0b\u8c37\u533a-" + n;
      case "escaped" -> "line\n\"quoted\" " + n;
      case "longAscii" -> "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor"
          + " incididunt ut labore et dolore magna aliqua " + n;
      default -> throw new IllegalArgumentException(kind);
    };
  }

  static long integer(String kind, SplittableRandom r) {
    return switch (kind) {
      case "int" -> r.nextInt(1_000_000);
      case "long" -> 1_700_000_000_000L + r.nextInt(1_000_000); // an epoch time in milliseconds
      default -> throw new IllegalArgumentException(kind);
    };
  }

  static double decimal(String kind, SplittableRandom r) {
    return switch (kind) {
      case "cents" -> Math.round(r.nextDouble() * 100_000) / 100.0;
      case "fraction" -> r.nextDouble();
      case "latitude" -> (r.nextDouble() - 0.5) * 180;
      default -> throw new IllegalArgumentException(kind);
    };
  }
}
