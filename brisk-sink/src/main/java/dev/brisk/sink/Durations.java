package dev.brisk.sink;

import java.time.Duration;

/**
 * Durations as nanoseconds, for deadlines. {@link Duration#toNanos()} throws beyond 292 years, and
 * the JDK's HttpClient fails every request with "long overflow" for such a timeout, yet a caller
 * who means "for ever" may well pass {@code ChronoUnit.FOREVER.getDuration()}: longer is taken as
 * 292 years, which deadlines computed as {@code System.nanoTime() + nanos} and compared by
 * difference still handle, and shorter than zero as zero.
 */
final class Durations {
  private Durations() {}

  /** The longest duration kept: {@code Long.MAX_VALUE} nanoseconds, some 292 years. */
  static final Duration MAX = Duration.ofNanos(Long.MAX_VALUE);

  /** {@code d} in nanoseconds, at most {@code Long.MAX_VALUE} and at least 0. */
  static long nanos(Duration d) {
    if (d.isNegative()) {
      return 0;
    }
    return d.compareTo(MAX) >= 0 ? Long.MAX_VALUE : d.toNanos();
  }

  /** {@code d}, or {@link #MAX} when it is longer. */
  static Duration atMostMax(Duration d) {
    return d.compareTo(MAX) > 0 ? MAX : d;
  }
}
