package dev.brisk.bench.users;

import java.util.Objects;

/** A friend of a user. Public fields, as the java-json-benchmark model has them. */
@io.avaje.jsonb.Json
@com.dslplatform.json.CompiledJson
public final class Friend {
  public String id;
  public String name;

  @Override
  public boolean equals(Object o) {
    return o instanceof Friend f && Objects.equals(id, f.id) && Objects.equals(name, f.name);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, name);
  }

  @Override
  public String toString() {
    return "Friend[id=" + id + ", name=" + name + "]";
  }
}
