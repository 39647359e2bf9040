package dev.brisk.sink;

import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a {@link Transport} made of a {@link Batch}: for each event, delivered, to be retried
 * (a transient failure: the server was busy or away), or rejected for good (the event itself is
 * wrong for the destination, so sending it again cannot help). Rejected events go to the sink's
 * dead letters with the reason.
 *
 * <p>Immutable and thread-safe. A transport that throws an {@link java.io.IOException} from {@code
 * send} means "retry the whole batch".
 */
public final class Outcome {
  static final byte DELIVERED = 0;
  static final byte RETRY = 1;
  static final byte REJECTED = 2;

  private static final Outcome ALL_DELIVERED = new Outcome(DELIVERED, null, null, null, 0);

  /** The state of every event, when all share one. */
  private final byte uniform;
  /** Per-event state, or null when {@link #uniform} applies to all. */
  private final byte[] states;
  /** Per-event reason, or null; with {@link #uniformReason} for a uniform outcome. */
  private final String[] reasons;
  private final String uniformReason;
  /** For a uniform retry: the least wait the destination asked for, in nanoseconds; else 0. */
  private final long retryAfterNanos;

  private Outcome(byte uniform, byte[] states, String[] reasons, String uniformReason, long retryAfterNanos) {
    this.uniform = uniform;
    this.states = states;
    this.reasons = reasons;
    this.uniformReason = uniformReason;
    this.retryAfterNanos = retryAfterNanos;
  }

  /** Every event was delivered. */
  public static Outcome delivered() {
    return ALL_DELIVERED;
  }

  /** Nothing was delivered, and sending the whole batch again may succeed. */
  public static Outcome retry(String reason) {
    return new Outcome(RETRY, null, null, Objects.requireNonNull(reason, "reason"), 0);
  }

  /**
   * Nothing was delivered, and the destination asked for the next attempt no sooner than {@code
   * after} (an HTTP {@code Retry-After}, say). The sink then waits that long, or its retry
   * policy's wait when that is longer, but never longer than the policy's longest wait: a
   * destination cannot stall the sink for a day.
   */
  public static Outcome retryAfter(String reason, Duration after) {
    Objects.requireNonNull(reason, "reason");
    if (after.isNegative()) {
      throw new IllegalArgumentException("a wait cannot be negative, got " + after);
    }
    return new Outcome(RETRY, null, null, reason, Durations.nanos(after));
  }

  /** Nothing was delivered, and no event of the batch ever will be: all go to dead letters. */
  public static Outcome rejected(String reason) {
    return new Outcome(REJECTED, null, null, Objects.requireNonNull(reason, "reason"), 0);
  }

  /**
   * A builder for an outcome that differs per event; every event not marked is delivered.
   *
   * @param size the number of events in the batch
   */
  public static Builder builder(int size) {
    return new Builder(size);
  }

  boolean uniform() {
    return states == null;
  }

  /** How many events a per-event outcome is for; -1 for a uniform one, which fits any batch. */
  int size() {
    return states == null ? -1 : states.length;
  }

  /** The least wait before the next attempt that the destination asked for, in nanoseconds; 0 for none. */
  long retryAfterNanos() {
    return retryAfterNanos;
  }

  byte state(int i) {
    return states == null ? uniform : states[i];
  }

  /** Why event {@code i} was not delivered, or null when it was. */
  public String reason(int i) {
    if (states == null) {
      return uniformReason;
    }
    return reasons[i];
  }

  /** Whether every event was delivered. */
  public boolean allDelivered() {
    if (states == null) {
      return uniform == DELIVERED;
    }
    for (byte s : states) {
      if (s != DELIVERED) {
        return false;
      }
    }
    return true;
  }

  /** How many events of a batch of {@code size} this outcome marks delivered. */
  public int deliveredCount(int size) {
    return count(size, DELIVERED);
  }

  /** How many events of a batch of {@code size} this outcome marks for a retry. */
  public int retryCount(int size) {
    return count(size, RETRY);
  }

  /** How many events of a batch of {@code size} this outcome marks rejected. */
  public int rejectedCount(int size) {
    return count(size, REJECTED);
  }

  private int count(int size, byte state) {
    if (states == null) {
      return uniform == state ? size : 0;
    }
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (states[i] == state) {
        n++;
      }
    }
    return n;
  }

  @Override
  public String toString() {
    if (states == null) {
      return uniform == DELIVERED
          ? "Outcome[delivered]"
          : "Outcome[" + (uniform == RETRY ? "retry" : "rejected")
              + (retryAfterNanos > 0 ? " after " + Duration.ofNanos(retryAfterNanos) : "") + ": " + uniformReason + "]";
    }
    return "Outcome[" + states.length + " events, " + count(states.length, DELIVERED) + " delivered, "
        + count(states.length, RETRY) + " to retry, " + count(states.length, REJECTED) + " rejected]";
  }

  /** Builds an outcome event by event. Not thread-safe. */
  public static final class Builder {
    private final byte[] states;
    private final String[] reasons;

    Builder(int size) {
      states = new byte[size];
      reasons = new String[size];
    }

    /** Marks event {@code i} for another attempt. */
    public Builder retry(int i, String reason) {
      states[i] = RETRY;
      reasons[i] = Objects.requireNonNull(reason, "reason");
      return this;
    }

    /** Marks event {@code i} as never deliverable; it goes to the dead letters with the reason. */
    public Builder reject(int i, String reason) {
      states[i] = REJECTED;
      reasons[i] = Objects.requireNonNull(reason, "reason");
      return this;
    }

    /** Marks event {@code i} delivered (the default). */
    public Builder delivered(int i) {
      states[i] = DELIVERED;
      reasons[i] = null;
      return this;
    }

    /**
     * Copies the outcome of a part of the batch: {@code part} was the outcome of the {@code
     * partSize} events starting at {@code offset} (a {@link Batch#slice}).
     */
    public Builder merge(int offset, int partSize, Outcome part) {
      for (int k = 0; k < partSize; k++) {
        states[offset + k] = part.state(k);
        reasons[offset + k] = part.reason(k);
      }
      return this;
    }

    /**
     * Copies the outcome of a {@link Batch#select selection} of the batch: event {@code k} of
     * {@code part} was event {@code positions[k]} of this batch, for k below {@code n}.
     */
    public Builder mergeAt(int[] positions, int n, Outcome part) {
      for (int k = 0; k < n; k++) {
        states[positions[k]] = part.state(k);
        reasons[positions[k]] = part.reason(k);
      }
      return this;
    }

    /** The outcome of the batch, event by event as marked (unmarked events delivered). */
    public Outcome build() {
      return new Outcome(DELIVERED, states.clone(), reasons.clone(), null, 0);
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof Outcome)) {
      return false;
    }
    Outcome other = (Outcome) o;
    return uniform == other.uniform
        && Arrays.equals(states, other.states)
        && Arrays.equals(reasons, other.reasons)
        && Objects.equals(uniformReason, other.uniformReason)
        && retryAfterNanos == other.retryAfterNanos;
  }

  @Override
  public int hashCode() {
    return Objects.hash(uniform, Arrays.hashCode(states), uniformReason, retryAfterNanos);
  }
}
