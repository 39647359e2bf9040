package dev.brisk.sink;

import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;

/**
 * How a {@link Sink} retries events its transport could not deliver for now: exponential backoff
 * with jitter, for a number of attempts or forever.
 *
 * <p>The delay before attempt {@code n + 1} is {@code min(max, initial * multiplier^(n-1))},
 * of which the jitter fraction is random: with jitter 0.5 a nominal 4 s wait lasts between 2 s and
 * 4 s, so that many clients that failed together do not come back together.
 *
 * <p>The default, {@link #defaults()}, retries forever from 100 ms up to 10 s: a server that is
 * restarted loses nothing, and {@link Sink#close(Duration)} still bounds how long the sink tries.
 * Immutable and thread-safe.
 */
public final class RetryPolicy {
  private final Duration initial;
  private final Duration max;
  private final double multiplier;
  private final double jitter;
  private final int maxAttempts; // 0 = forever

  private RetryPolicy(Duration initial, Duration max, double multiplier, double jitter, int maxAttempts) {
    if (initial.isNegative() || max.compareTo(initial) < 0) {
      throw new IllegalArgumentException("need 0 <= initial <= max, got " + initial + " and " + max);
    }
    if (!(multiplier >= 1.0)) {
      throw new IllegalArgumentException("multiplier must be at least 1, got " + multiplier);
    }
    if (!(jitter >= 0 && jitter <= 1)) {
      throw new IllegalArgumentException("jitter must be within 0..1, got " + jitter);
    }
    if (maxAttempts < 0) {
      throw new IllegalArgumentException("attempts must be at least 1 (or 0 for forever), got " + maxAttempts);
    }
    this.initial = initial;
    this.max = max;
    this.multiplier = multiplier;
    this.jitter = jitter;
    this.maxAttempts = maxAttempts;
  }

  /** Forever, from 100 ms doubling up to 10 s, half of each wait random. */
  public static RetryPolicy defaults() {
    return new RetryPolicy(Duration.ofMillis(100), Duration.ofSeconds(10), 2.0, 0.5, 0);
  }

  /** No retry: an event whose first attempt fails goes to the dead letters. */
  public static RetryPolicy none() {
    return new RetryPolicy(Duration.ZERO, Duration.ZERO, 1.0, 0, 1);
  }

  /** Exponential backoff from {@code initial} doubling up to {@code max}; forever until limited. */
  public static RetryPolicy exponential(Duration initial, Duration max) {
    return new RetryPolicy(initial, max, 2.0, 0.5, 0);
  }

  /** This policy with at most {@code attempts} attempts in all (the first one included). */
  public RetryPolicy maxAttempts(int attempts) {
    if (attempts < 1) {
      throw new IllegalArgumentException("attempts must be at least 1, got " + attempts);
    }
    return new RetryPolicy(initial, max, multiplier, jitter, attempts);
  }

  /** This policy retrying without a limit on attempts. */
  public RetryPolicy forever() {
    return new RetryPolicy(initial, max, multiplier, jitter, 0);
  }

  /** This policy with another growth factor between waits (at least 1). */
  public RetryPolicy multiplier(double m) {
    return new RetryPolicy(initial, max, m, jitter, maxAttempts);
  }

  /** This policy with another random fraction of each wait (0: none, 1: all of it). */
  public RetryPolicy jitter(double fraction) {
    return new RetryPolicy(initial, max, multiplier, fraction, maxAttempts);
  }

  /** The attempts allowed in all, or 0 for forever. */
  public int maxAttempts() {
    return maxAttempts;
  }

  /** Whether another attempt is allowed after {@code attempts} have failed. */
  public boolean allowsAnother(int attempts) {
    return maxAttempts == 0 || attempts < maxAttempts;
  }

  /** The nominal wait (before jitter) after {@code attempts} failed attempts, in nanoseconds. */
  public long nominalDelayNanos(int attempts) {
    double d = Durations.nanos(initial) * Math.pow(multiplier, Math.max(0, attempts - 1));
    return (long) Math.min(d, (double) Durations.nanos(max));
  }

  /**
   * The wait after {@code attempts} failed attempts, in nanoseconds: this policy's, jitter
   * applied, or the {@code atLeast} a destination asked for when that is longer, but never longer
   * than this policy's longest wait.
   */
  long delayNanos(int attempts, long atLeast) {
    return Math.max(delayNanos(attempts), Math.min(atLeast, Durations.nanos(max)));
  }

  /** The wait after {@code attempts} failed attempts, jitter applied, in nanoseconds. */
  public long delayNanos(int attempts) {
    long nominal = nominalDelayNanos(attempts);
    long random = (long) (nominal * jitter);
    if (random <= 0) {
      return nominal;
    }
    return nominal - random + ThreadLocalRandom.current().nextLong(random + 1);
  }

  @Override
  public String toString() {
    return "RetryPolicy[" + initial + " x" + multiplier + " up to " + max + ", jitter " + jitter + ", "
        + (maxAttempts == 0 ? "forever" : maxAttempts + " attempts") + "]";
  }
}
