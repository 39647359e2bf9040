package dev.brisk.cli;

import dev.brisk.json.Json;
import dev.brisk.json.JsonException;
import picocli.CommandLine.Option;

/**
 * The two departures from RFC 8259 that {@code brisk check} and {@code brisk fmt} can be told to
 * accept, as the core reader can: comments and trailing commas (JSON with comments, as editors'
 * settings files are written). {@code fmt} writes strict JSON, without them.
 */
final class Leniency {
  @Option(names = "--allow-comments", description = "Accept // and /* */ comments (fmt leaves them out).")
  boolean comments;

  @Option(names = "--allow-trailing-commas", description = "Accept a comma before ] or } (fmt leaves it out).")
  boolean trailingCommas;

  /** The option of these that accepts what the reader refused without {@code o}, or null. */
  static String flag(JsonException.ReaderOption o) {
    switch (o) {
      case ALLOW_COMMENTS:
        return "--allow-comments";
      case ALLOW_TRAILING_COMMAS:
        return "--allow-trailing-commas";
      default:
        return null;
    }
  }

  /** {@code b} with these options; the default limits stay. */
  Json.Builder apply(Json.Builder b) {
    return b.allowComments(comments).allowTrailingCommas(trailingCommas);
  }
}
