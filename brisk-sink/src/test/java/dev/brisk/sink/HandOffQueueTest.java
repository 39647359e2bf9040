package dev.brisk.sink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLongArray;
import org.junit.jupiter.api.Test;

/**
 * The sink's queue on one thread (order, capacity, wrapping round the array, closing) and under
 * many producers (nothing lost or taken twice, each producer's order kept). Its behaviour under
 * the memory model is checked by jcstress in brisk-sink-stress.
 */
class HandOffQueueTest {
  @Test
  void capacityIsThePowerOfTwoAtOrAboveTheOneAskedFor() {
    assertEquals(2, new HandOffQueue<>(1).capacity());
    assertEquals(2, new HandOffQueue<>(2).capacity());
    assertEquals(4, new HandOffQueue<>(3).capacity());
    assertEquals(1024, new HandOffQueue<>(1000).capacity());
    assertEquals(1024, new HandOffQueue<>(1024).capacity());
    assertThrows(IllegalArgumentException.class, () -> new HandOffQueue<>(0));
    assertThrows(IllegalArgumentException.class, () -> new HandOffQueue<>(HandOffQueue.MAX_CAPACITY + 1));
  }

  @Test
  void firstInFirstOutUntilFullThenRoomAgainAfterAPoll() {
    HandOffQueue<Integer> q = new HandOffQueue<>(4);
    assertTrue(q.isEmpty());
    assertNull(q.poll());
    for (int i = 0; i < 4; i++) {
      assertEquals(HandOffQueue.OFFERED, q.offer(i));
    }
    assertEquals(HandOffQueue.FULL, q.offer(4));
    assertEquals(4, q.size());
    assertEquals(0, q.poll());
    assertEquals(HandOffQueue.OFFERED, q.offer(4), "a poll frees a slot");
    assertEquals(HandOffQueue.FULL, q.offer(5));
    for (int i = 1; i <= 4; i++) {
      assertEquals(i, q.poll());
    }
    assertNull(q.poll());
    assertTrue(q.isEmpty());
    assertEquals(5, q.offered(), "refused offers are not counted");
  }

  @Test
  void wrapsRoundItsArrayManyTimes() {
    HandOffQueue<Integer> q = new HandOffQueue<>(8);
    int next = 0;
    for (int round = 0; round < 1000; round++) {
      int n = 1 + round % 8;
      for (int i = 0; i < n; i++) {
        assertEquals(HandOffQueue.OFFERED, q.offer(round * 10 + i));
      }
      for (int i = 0; i < n; i++) {
        assertEquals(round * 10 + i, q.poll());
      }
      next += n;
    }
    assertEquals(next, q.offered());
    assertTrue(q.isEmpty());
  }

  @Test
  void closedRefusesEveryOfferAndKeepsWhatItHeld() {
    HandOffQueue<String> q = new HandOffQueue<>(2);
    q.offer("a");
    q.offer("b");
    assertFalse(q.isClosed());
    assertEquals(2, q.close(), "close says how many were ever offered");
    assertEquals(2, q.close(), "idempotent");
    assertTrue(q.isClosed());
    assertEquals(HandOffQueue.CLOSED, q.offer("c"), "closed wins over full");
    assertFalse(q.isDrainedAndClosed(), "two are still to be taken");
    assertEquals("a", q.poll());
    assertEquals(HandOffQueue.CLOSED, q.offer("c"), "closed even with room");
    assertEquals("b", q.poll());
    assertNull(q.poll());
    assertTrue(q.isDrainedAndClosed());
    assertEquals(2, q.offered());
  }

  @Test
  void pollClosedTakesWhatIsLeftThenSaysNullAndRefusesAnOpenQueue() {
    HandOffQueue<String> q = new HandOffQueue<>(4);
    q.offer("a");
    assertThrows(IllegalStateException.class, q::pollClosed);
    q.offer("b");
    q.close();
    assertEquals("a", q.pollClosed());
    assertEquals("b", q.pollClosed());
    assertNull(q.pollClosed());
    assertTrue(q.isDrainedAndClosed());
  }

  @Test
  void anOpenEmptyQueueIsNotDrainedAndClosed() {
    HandOffQueue<String> q = new HandOffQueue<>(2);
    assertFalse(q.isDrainedAndClosed());
    q.close();
    assertTrue(q.isDrainedAndClosed());
  }

  /**
   * Four producers against one consumer on a small queue (so that it is full often), closed while
   * they still offer: every element offered is taken exactly once, each producer's in its order,
   * and the count the close returned is what the consumer took.
   */
  @Test
  void manyProducersLoseNothingAndKeepEachOnesOrder() throws Exception {
    int producers = 4;
    int each = 200_000;
    HandOffQueue<long[]> q = new HandOffQueue<>(64);
    AtomicLongArray offered = new AtomicLongArray(producers);
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int p = 0; p < producers; p++) {
      int id = p;
      Thread t = new Thread(() -> {
        try {
          start.await();
        } catch (InterruptedException e) {
          return;
        }
        for (long i = 0; i < each; i++) {
          int r;
          while ((r = q.offer(new long[] {id, i})) == HandOffQueue.FULL) {
            Thread.onSpinWait();
          }
          if (r == HandOffQueue.CLOSED) {
            return;
          }
          offered.incrementAndGet(id);
        }
      });
      t.start();
      threads.add(t);
    }
    start.countDown();
    long[] nextOf = new long[producers];
    long taken = 0;
    long closedAt = -1;
    for (;;) {
      long[] e = q.poll();
      if (e != null) {
        assertEquals(nextOf[(int) e[0]], e[1], "producer " + e[0] + "'s elements out of order");
        nextOf[(int) e[0]]++;
        taken++;
        if (taken == (long) producers * each / 2) {
          closedAt = q.close(); // half way: the producers still offer
        }
      } else if (q.isDrainedAndClosed()) {
        break;
      }
    }
    for (Thread t : threads) {
      t.join();
    }
    long sum = 0;
    for (int p = 0; p < producers; p++) {
      assertEquals(offered.get(p), nextOf[p], "producer " + p + ": offered and taken differ");
      sum += offered.get(p);
    }
    assertEquals(sum, taken);
    assertEquals(closedAt, taken, "the close's count is what the consumer took");
    assertEquals(taken, q.offered());
    assertTrue(taken < (long) producers * each, "the close came while producers still offered");
  }
}
