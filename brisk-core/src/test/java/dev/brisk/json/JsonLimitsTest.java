package dev.brisk.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class JsonLimitsTest {
  /** Each with... method changes its own limit and keeps every other. */
  @Test
  void eachWitherChangesOnlyItsLimit() {
    JsonLimits d = JsonLimits.DEFAULTS;
    assertEquals("JsonLimits{maxDepth=1000, maxNumberLength=1000, maxStringLength=20000000,"
        + " maxNameLength=50000, maxDocumentLength=-1, maxMembers=-1, maxTreeLength=67108864}", d.toString());
    assertEquals(d.toString().replace("maxDepth=1000", "maxDepth=7"), d.withMaxDepth(7).toString());
    assertEquals(d.toString().replace("maxNumberLength=1000", "maxNumberLength=7"),
        d.withMaxNumberLength(7).toString());
    assertEquals(d.toString().replace("maxStringLength=20000000", "maxStringLength=7"),
        d.withMaxStringLength(7).toString());
    assertEquals(d.toString().replace("maxNameLength=50000", "maxNameLength=7"),
        d.withMaxNameLength(7).toString());
    assertEquals(d.toString().replace("maxDocumentLength=-1", "maxDocumentLength=7"),
        d.withMaxDocumentLength(7).toString());
    assertEquals(d.toString().replace("maxMembers=-1", "maxMembers=7"), d.withMaxMembers(7).toString());
    assertEquals(d.toString().replace("maxTreeLength=67108864", "maxTreeLength=7"),
        d.withMaxTreeLength(7).toString());
    JsonLimits all = d.withMaxDepth(1).withMaxNumberLength(2).withMaxStringLength(3).withMaxNameLength(4)
        .withMaxDocumentLength(5).withMaxMembers(6).withMaxTreeLength(-9);
    assertEquals("JsonLimits{maxDepth=1, maxNumberLength=2, maxStringLength=3, maxNameLength=4,"
        + " maxDocumentLength=5, maxMembers=6, maxTreeLength=-1}", all.toString());
  }

  @Test
  void lengthsAndDepthMustBePositive() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> JsonLimits.DEFAULTS.withMaxNameLength(0));
    assertEquals("maxNameLength must be positive, was 0", e.getMessage());
  }
}
