package dev.brisk.sink;

import org.HdrHistogram.Histogram;

/**
 * A snapshot of a {@link Sink}'s counters, taken by {@link Sink#metrics()}. Immutable.
 *
 * <p>The counters are read one after another while the sink runs, so a snapshot of a busy sink is
 * not one instant (delivered may already include an event that accepted does not yet); after
 * {@link Sink#close} they are final and exact: {@code accepted == delivered + deadLettered +
 * failed}.
 */
public final class SinkMetrics {
  private final long accepted;
  private final long refused;
  private final long delivered;
  private final long retried;
  private final long deadLettered;
  private final long failed;
  private final long queueDepth;
  private final long batches;
  private final long bytes;
  private final Histogram batchLatency;

  SinkMetrics(
      long accepted,
      long refused,
      long delivered,
      long retried,
      long deadLettered,
      long failed,
      long queueDepth,
      long batches,
      long bytes,
      Histogram batchLatency) {
    this.accepted = accepted;
    this.refused = refused;
    this.delivered = delivered;
    this.retried = retried;
    this.deadLettered = deadLettered;
    this.failed = failed;
    this.queueDepth = queueDepth;
    this.batches = batches;
    this.bytes = bytes;
    this.batchLatency = batchLatency;
  }

  /** Events taken by {@code put} or {@code offer}. */
  public long accepted() {
    return accepted;
  }

  /** Events {@code offer} returned false for, or {@code put} timed out on or threw for. */
  public long refused() {
    return refused;
  }

  /** Events the transport confirmed. */
  public long delivered() {
    return delivered;
  }

  /** Event sends repeated after a transient failure (an event retried twice counts twice). */
  public long retried() {
    return retried;
  }

  /** Events given to the dead-letter transport, each with the reason. */
  public long deadLettered() {
    return deadLettered;
  }

  /**
   * Events neither delivered nor dead-lettered: rejected or given up on with no dead-letter
   * transport configured, or when the dead-letter transport failed too. Each one is counted here
   * and reported by {@link Sink#close()}; none is dropped unseen.
   */
  public long failed() {
    return failed;
  }

  /** Events accepted and not yet taken by the writer thread. */
  public long queueDepth() {
    return queueDepth;
  }

  /** Batches sent to the transport (retries of a batch included). */
  public long batches() {
    return batches;
  }

  /** Bytes of events delivered (NDJSON: each event with its line break). */
  public long bytes() {
    return bytes;
  }

  /** Events accepted and not yet delivered, dead-lettered or failed. */
  public long pending() {
    return Math.max(0, accepted - delivered - deadLettered - failed);
  }

  /** The time of each {@link Transport#send} call, in microseconds (a copy). */
  public Histogram batchLatency() {
    return batchLatency;
  }

  @Override
  public String toString() {
    return "SinkMetrics[accepted=" + accepted + ", delivered=" + delivered + ", retried=" + retried
        + ", deadLettered=" + deadLettered + ", failed=" + failed + ", refused=" + refused
        + ", queueDepth=" + queueDepth + ", batches=" + batches + ", bytes=" + bytes
        + ", batchLatencyP50us=" + batchLatency.getValueAtPercentile(50)
        + ", batchLatencyP99us=" + batchLatency.getValueAtPercentile(99) + "]";
  }
}
