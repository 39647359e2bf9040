package dev.brisk.bench.users;

import java.util.List;
import java.util.Objects;

/**
 * The seed-002 document: {@code {"users": [...]}}. Brisk's codec for it (and for User and Friend)
 * is generated at build time by brisk-schema-processor from {@code @JsonCodec}; avaje-jsonb's
 * and DSL-JSON's by their own processors.
 */
@dev.brisk.schema.JsonCodec
@io.avaje.jsonb.Json
@com.dslplatform.json.CompiledJson
public final class Users {
  public List<User> users;

  @Override
  public boolean equals(Object o) {
    return o instanceof Users u && Objects.equals(users, u.users);
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(users);
  }
}
