package dev.brisk.jsonp;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;
import java.util.stream.Collector;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * The sequential, ordered stream of the parser's {@code getArrayStream}, {@code getObjectStream}
 * and {@code getValueStream}. {@link #iterator()} and {@link #forEach} read the parser directly;
 * every other operation runs on a JDK stream pipeline built on first use over the same elements.
 * A JSON-P parser per small document (an HTTP answer read with {@code getArrayStream}) then pays
 * for no pipeline it does not use.
 *
 * <p>Used once, as any stream: a second operation after {@code iterator()}, {@code forEach()},
 * {@code spliterator()} or {@code close()} throws {@link IllegalStateException}. Not thread-safe
 * (nor is the parser under it).
 *
 * @param <T> the element type
 */
final class ElementStream<T> implements Stream<T> {
  /** The parser's elements, one per call, then null (elements are never null). */
  interface Source<T> {
    T next();
  }

  private final Source<T> source;
  private Stream<T> pipeline;
  private boolean taken; // the source went to iterator(), forEach() or spliterator(), or closed

  ElementStream(Source<T> source) {
    this.source = source;
  }

  private void take() {
    if (taken) {
      throw new IllegalStateException("stream has already been operated upon or closed");
    }
    taken = true;
  }

  /** The JDK pipeline over the source, made on the first operation that needs one. */
  private Stream<T> pipeline() {
    Stream<T> p = pipeline;
    if (p == null) {
      take();
      p = pipeline = StreamSupport.stream(newSpliterator(source), false);
    }
    return p;
  }

  private static <T> Spliterator<T> newSpliterator(Source<T> source) {
    return new Spliterators.AbstractSpliterator<T>(Long.MAX_VALUE, Spliterator.ORDERED | Spliterator.NONNULL) {
      @Override
      public boolean tryAdvance(Consumer<? super T> action) {
        T v = source.next();
        if (v == null) {
          return false;
        }
        action.accept(v);
        return true;
      }

      @Override
      public void forEachRemaining(Consumer<? super T> action) {
        for (T v = source.next(); v != null; v = source.next()) {
          action.accept(v);
        }
      }
    };
  }

  @Override
  public Iterator<T> iterator() {
    if (pipeline != null) {
      return pipeline.iterator();
    }
    take();
    Source<T> s = source;
    return new Iterator<T>() {
      private T ahead;
      private boolean ended;

      @Override
      public boolean hasNext() {
        if (ahead == null && !ended) {
          ahead = s.next();
          ended = ahead == null;
        }
        return ahead != null;
      }

      @Override
      public T next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        T v = ahead;
        ahead = null;
        return v;
      }
    };
  }

  @Override
  public void forEach(Consumer<? super T> action) {
    if (pipeline != null) {
      pipeline.forEach(action);
      return;
    }
    java.util.Objects.requireNonNull(action);
    take();
    for (T v = source.next(); v != null; v = source.next()) {
      action.accept(v);
    }
  }

  @Override
  public void forEachOrdered(Consumer<? super T> action) {
    forEach(action); // sequential: the same order
  }

  @Override
  public Spliterator<T> spliterator() {
    if (pipeline != null) {
      return pipeline.spliterator();
    }
    take();
    return newSpliterator(source);
  }

  @Override
  public boolean isParallel() {
    return pipeline != null && pipeline.isParallel();
  }

  @Override
  public void close() {
    if (pipeline != null) {
      pipeline.close();
    } else {
      taken = true; // closed before use: any operation now throws, as the JDK's streams do
    }
  }

  // Everything else on the pipeline.

  @Override
  public Stream<T> sequential() {
    return pipeline().sequential();
  }

  @Override
  public Stream<T> parallel() {
    return pipeline().parallel();
  }

  @Override
  public Stream<T> unordered() {
    return pipeline().unordered();
  }

  @Override
  public Stream<T> onClose(Runnable closeHandler) {
    return pipeline().onClose(closeHandler);
  }

  @Override
  public Stream<T> filter(Predicate<? super T> predicate) {
    return pipeline().filter(predicate);
  }

  @Override
  public <R> Stream<R> map(Function<? super T, ? extends R> mapper) {
    return pipeline().map(mapper);
  }

  @Override
  public IntStream mapToInt(ToIntFunction<? super T> mapper) {
    return pipeline().mapToInt(mapper);
  }

  @Override
  public LongStream mapToLong(ToLongFunction<? super T> mapper) {
    return pipeline().mapToLong(mapper);
  }

  @Override
  public DoubleStream mapToDouble(ToDoubleFunction<? super T> mapper) {
    return pipeline().mapToDouble(mapper);
  }

  @Override
  public <R> Stream<R> flatMap(Function<? super T, ? extends Stream<? extends R>> mapper) {
    return pipeline().flatMap(mapper);
  }

  @Override
  public IntStream flatMapToInt(Function<? super T, ? extends IntStream> mapper) {
    return pipeline().flatMapToInt(mapper);
  }

  @Override
  public LongStream flatMapToLong(Function<? super T, ? extends LongStream> mapper) {
    return pipeline().flatMapToLong(mapper);
  }

  @Override
  public DoubleStream flatMapToDouble(Function<? super T, ? extends DoubleStream> mapper) {
    return pipeline().flatMapToDouble(mapper);
  }

  @Override
  public Stream<T> distinct() {
    return pipeline().distinct();
  }

  @Override
  public Stream<T> sorted() {
    return pipeline().sorted();
  }

  @Override
  public Stream<T> sorted(Comparator<? super T> comparator) {
    return pipeline().sorted(comparator);
  }

  @Override
  public Stream<T> peek(Consumer<? super T> action) {
    return pipeline().peek(action);
  }

  @Override
  public Stream<T> limit(long maxSize) {
    return pipeline().limit(maxSize);
  }

  @Override
  public Stream<T> skip(long n) {
    return pipeline().skip(n);
  }

  @Override
  public Stream<T> takeWhile(Predicate<? super T> predicate) {
    return pipeline().takeWhile(predicate);
  }

  @Override
  public Stream<T> dropWhile(Predicate<? super T> predicate) {
    return pipeline().dropWhile(predicate);
  }

  @Override
  public Object[] toArray() {
    return pipeline().toArray();
  }

  @Override
  public <A> A[] toArray(IntFunction<A[]> generator) {
    return pipeline().toArray(generator);
  }

  @Override
  public T reduce(T identity, BinaryOperator<T> accumulator) {
    return pipeline().reduce(identity, accumulator);
  }

  @Override
  public Optional<T> reduce(BinaryOperator<T> accumulator) {
    return pipeline().reduce(accumulator);
  }

  @Override
  public <U> U reduce(U identity, BiFunction<U, ? super T, U> accumulator, BinaryOperator<U> combiner) {
    return pipeline().reduce(identity, accumulator, combiner);
  }

  @Override
  public <R> R collect(Supplier<R> supplier, BiConsumer<R, ? super T> accumulator, BiConsumer<R, R> combiner) {
    return pipeline().collect(supplier, accumulator, combiner);
  }

  @Override
  public <R, A> R collect(Collector<? super T, A, R> collector) {
    return pipeline().collect(collector);
  }

  @Override
  public java.util.List<T> toList() {
    return pipeline().toList();
  }

  @Override
  public Optional<T> min(Comparator<? super T> comparator) {
    return pipeline().min(comparator);
  }

  @Override
  public Optional<T> max(Comparator<? super T> comparator) {
    return pipeline().max(comparator);
  }

  @Override
  public long count() {
    return pipeline().count();
  }

  @Override
  public boolean anyMatch(Predicate<? super T> predicate) {
    return pipeline().anyMatch(predicate);
  }

  @Override
  public boolean allMatch(Predicate<? super T> predicate) {
    return pipeline().allMatch(predicate);
  }

  @Override
  public boolean noneMatch(Predicate<? super T> predicate) {
    return pipeline().noneMatch(predicate);
  }

  @Override
  public Optional<T> findFirst() {
    return pipeline().findFirst();
  }

  @Override
  public Optional<T> findAny() {
    return pipeline().findAny();
  }
}
