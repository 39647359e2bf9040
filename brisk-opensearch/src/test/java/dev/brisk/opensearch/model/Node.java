package dev.brisk.opensearch.model;

import java.util.ArrayList;
import java.util.List;

/** A tree node whose children can, by mistake, hold the node itself: for the mapper's depth test. */
@dev.brisk.schema.JsonCodec
public final class Node {
  public String name;
  public List<Node> children = new ArrayList<>();
}
