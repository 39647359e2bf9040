package dev.brisk.sink;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The sink's hand-off: a bounded, lock-free queue for any number of producers and one consumer,
 * which can be <em>closed</em>. Its producer index holds the number of slots ever claimed, shifted
 * left by one, with the closed flag in bit 0: an {@link #offer} claims a slot with one CAS that
 * fails if the flag is set, and {@link #close} sets the flag with a CAS on the same word. So an
 * offer is either before the close (its element is in the queue, and the consumer will find it
 * before {@link #isDrainedAndClosed()}) or after it (refused): no producer can slip an element in
 * after the consumer's last look, and the sink needs no gate around the queue.
 *
 * <p>Why not JCTools' {@code MpscArrayQueue}, which the sink used before: it cannot be closed, so
 * the sink guarded it with two striped counters per hand-over (to let {@code close} wait out the
 * producers in flight), and with two producers those two increments were a quarter of a tiny
 * {@code put} (RESULTS.md). The algorithm is otherwise that of {@code MpscArrayQueue}: a cached
 * producer limit, the CAS on the producer index, a release store of the element; the consumer
 * takes an element with an acquire load, clears the slot, and publishes its index with a release
 * store.
 *
 * <p>Threads: {@link #offer}, {@link #close}, {@link #isClosed}, {@link #offered}, {@link #size}
 * and {@link #isEmpty} from any thread; {@link #poll} and {@link #isDrainedAndClosed} from the one
 * consumer thread only. Happens-before: what a producer did before a successful offer happens
 * before the consumer's poll that returns its element. Tested under the memory model by jcstress
 * in brisk-sink-stress ({@code HandOffQueueStress}).
 */
final class HandOffQueue<E> extends HandOffQueuePad3 {
  /** What {@link #offer} returns. */
  static final int OFFERED = 0;
  static final int FULL = 1;
  static final int CLOSED = 2;

  /** The largest capacity: a power of two that an int index holds. */
  static final int MAX_CAPACITY = 1 << 30;

  private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(Object[].class);

  private final Object[] slots;
  private final int mask;

  /** A queue of {@code capacity} rounded up to a power of two, at least 2. */
  HandOffQueue(int capacity) {
    if (capacity < 1 || capacity > MAX_CAPACITY) {
      throw new IllegalArgumentException("capacity must be from 1 to " + MAX_CAPACITY + ", was " + capacity);
    }
    int n = slotsFor(capacity);
    this.slots = new Object[n];
    this.mask = n - 1;
    PRODUCER_LIMIT.setRelease(this, (long) n);
  }

  /** The number of slots a queue of {@code capacity} (1 to {@link #MAX_CAPACITY}) has. */
  static int slotsFor(int capacity) {
    return Math.max(2, Integer.highestOneBit(capacity - 1) << 1);
  }

  int capacity() {
    return slots.length;
  }

  /**
   * Puts {@code e} (not null) at the tail if there is room and the queue is open.
   *
   * @return {@link #OFFERED}, {@link #FULL} or {@link #CLOSED}; CLOSED wins over FULL
   */
  int offer(E e) {
    long limit = (long) PRODUCER_LIMIT.getAcquire(this);
    long p;
    long index;
    do {
      p = (long) PRODUCER_INDEX.getVolatile(this);
      if ((p & 1) != 0) {
        return CLOSED;
      }
      index = p >>> 1;
      if (index >= limit) {
        // The cached limit is used up: look at where the consumer is (rarely).
        limit = (long) CONSUMER_INDEX.getAcquire(this) + slots.length;
        if (index >= limit) {
          return FULL;
        }
        PRODUCER_LIMIT.setRelease(this, limit);
      }
    } while (!PRODUCER_INDEX.compareAndSet(this, p, p + 2)); // a full fence (StoreLoad)
    SLOTS.setRelease(slots, (int) index & mask, e); // the consumer's acquire load pairs with this
    return OFFERED;
  }

  /**
   * Refuses every offer from now on. Idempotent.
   *
   * @return how many elements were ever offered: the consumer has them all once it has polled
   *     that many
   */
  long close() {
    for (;;) {
      long p = (long) PRODUCER_INDEX.getVolatile(this);
      if ((p & 1) != 0 || PRODUCER_INDEX.compareAndSet(this, p, p | 1)) {
        return p >>> 1;
      }
    }
  }

  boolean isClosed() {
    return ((long) PRODUCER_INDEX.getVolatile(this) & 1) != 0;
  }

  /** How many elements were ever offered (successfully). */
  long offered() {
    return (long) PRODUCER_INDEX.getVolatile(this) >>> 1;
  }

  /**
   * Consumer thread only: the element at the head, or null when there is none, or when the
   * producer that claimed the head slot has not stored its element yet (it will, at once: {@link
   * #isEmpty()} is false meanwhile).
   */
  @SuppressWarnings("unchecked")
  E poll() {
    long c = (long) CONSUMER_INDEX.get(this); // plain: only this thread writes it
    int at = (int) c & mask;
    Object e = SLOTS.getAcquire(slots, at);
    if (e == null) {
      return null;
    }
    SLOTS.set(slots, at, null);
    CONSUMER_INDEX.setRelease(this, c + 1); // after the clear: a producer that sees the index sees the slot free
    return (E) e;
  }

  /**
   * Consumer thread only, once the queue is closed: the next element, waiting out a producer whose
   * CAS beat the close and is storing its element; null when every element offered has been taken.
   *
   * @throws IllegalStateException when the queue is open (an empty one would be waited on forever)
   */
  E pollClosed() {
    if (!isClosed()) {
      throw new IllegalStateException("pollClosed() on an open queue");
    }
    for (;;) {
      E e = poll();
      if (e != null || isDrainedAndClosed()) {
        return e;
      }
      Thread.onSpinWait(); // a producer whose CAS beat the close is storing its element
    }
  }

  /** Consumer thread only: closed, and every element offered before the close polled. */
  boolean isDrainedAndClosed() {
    long p = (long) PRODUCER_INDEX.getVolatile(this);
    return (p & 1) != 0 && (long) CONSUMER_INDEX.get(this) == p >>> 1;
  }

  /** Elements offered and not yet polled (a moment's estimate while producers and consumer run). */
  int size() {
    long c = (long) CONSUMER_INDEX.getVolatile(this);
    long p = (long) PRODUCER_INDEX.getVolatile(this) >>> 1;
    return (int) Math.max(0, Math.min(slots.length, p - c));
  }

  /** Whether every offered element has been polled (at the moment of the reads). */
  boolean isEmpty() {
    return (long) CONSUMER_INDEX.getVolatile(this) == (long) PRODUCER_INDEX.getVolatile(this) >>> 1;
  }
}

// The indexes on cache lines of their own, as JCTools lays them out: superclass fields come first,
// so each class of sixteen longs keeps the fields around it 128 bytes apart (two lines, for the
// adjacent-line prefetcher). The last pad keeps the consumer's index off the line of the array
// reference and mask, which every offer reads.

abstract class HandOffQueuePad0 {
  long p00, p01, p02, p03, p04, p05, p06, p07, p08, p09, p0a, p0b, p0c, p0d, p0e, p0f;
}

abstract class HandOffQueueProducerIndex extends HandOffQueuePad0 {
  /** Slots ever claimed, shifted left by one; bit 0 is the closed flag. */
  private volatile long producerIndex;

  static final VarHandle PRODUCER_INDEX = handle(MethodHandles.lookup(), "producerIndex");

  /** The handle of a long field of the lookup's class (each class looks up its own private field). */
  static VarHandle handle(MethodHandles.Lookup lookup, String field) {
    try {
      return lookup.findVarHandle(lookup.lookupClass(), field, long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }
}

abstract class HandOffQueuePad1 extends HandOffQueueProducerIndex {
  long p10, p11, p12, p13, p14, p15, p16, p17, p18, p19, p1a, p1b, p1c, p1d, p1e, p1f;
}

abstract class HandOffQueueProducerLimit extends HandOffQueuePad1 {
  /** A consumer index seen by a producer plus the capacity: below it, a slot is free for sure. */
  private volatile long producerLimit;

  static final VarHandle PRODUCER_LIMIT = handle(MethodHandles.lookup(), "producerLimit");
}

abstract class HandOffQueuePad2 extends HandOffQueueProducerLimit {
  long p20, p21, p22, p23, p24, p25, p26, p27, p28, p29, p2a, p2b, p2c, p2d, p2e, p2f;
}

abstract class HandOffQueueConsumerIndex extends HandOffQueuePad2 {
  /** Slots polled. Written by the consumer only. */
  private volatile long consumerIndex;

  static final VarHandle CONSUMER_INDEX = handle(MethodHandles.lookup(), "consumerIndex");
}

abstract class HandOffQueuePad3 extends HandOffQueueConsumerIndex {
  long p30, p31, p32, p33, p34, p35, p36, p37, p38, p39, p3a, p3b, p3c, p3d, p3e, p3f;
}
