package dev.brisk.sink;

/**
 * Thrown by {@link Sink#close()} when some accepted events were neither delivered nor
 * dead-lettered: {@link #metrics()} says how many ({@link SinkMetrics#failed()}), and the
 * message gives the first reasons.
 */
public final class IncompleteDeliveryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final transient SinkMetrics metrics;

  IncompleteDeliveryException(String message, SinkMetrics metrics) {
    super(message);
    this.metrics = metrics;
  }

  /** The sink's final counters. */
  public SinkMetrics metrics() {
    return metrics;
  }
}
