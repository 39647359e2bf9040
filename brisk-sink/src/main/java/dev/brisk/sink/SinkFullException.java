package dev.brisk.sink;

/** Thrown by {@link Sink#put} when the queue stayed full for the whole put timeout. */
public final class SinkFullException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  SinkFullException(String message) {
    super(message);
  }
}
