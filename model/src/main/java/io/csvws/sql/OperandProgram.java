package io.csvws.sql;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The values the calls of a planner-free aggregate ({@link SimpleAggregate}) read from one row,
 * computed in the order the planned statement computes them, so that a row on which two
 * expressions overflow fails with the same one.
 *
 * <p>The planned statement computes its aggregate's arguments in one projection (an
 * {@code EnumerableCalc}): the distinct expressions, each part once, in the order they were
 * first written. Its generated code computes up front, in that order, every part used more than
 * once and every part that may be NULL and is an operand of another (the NULL test needs its
 * value in a variable); it computes the rest where they are used, the arguments in order. This
 * class does the same with {@link AggregateOperand}s. Immutable; {@link #values} is given the
 * arrays it fills, one set per thread.
 */
final class OperandProgram {
  /** The parts computed up front, in order, each into its slot. */
  private final AggregateOperand[] upFront;
  /** Per call, what it reads; null for {@code COUNT(*)}. */
  private final AggregateOperand[] operands;

  private OperandProgram(AggregateOperand[] upFront, AggregateOperand[] operands) {
    this.upFront = upFront.clone();
    this.operands = operands.clone();
  }

  /**
   * The program of {@code unbound} (per call, over table ordinals; null for {@code COUNT(*)}),
   * reading a row whose value of table column {@code c} is at {@code position[c]}.
   */
  static OperandProgram of(List<AggregateOperand> unbound, int[] position) {
    Map<String, Part> parts = new LinkedHashMap<>();
    Set<String> projected = new HashSet<>();
    for (AggregateOperand o : unbound) {
      if (o != null && projected.add(o.key())) {
        register(o, false, parts);
      }
    }
    Map<String, Integer> slots = new LinkedHashMap<>();
    List<AggregateOperand> upFront = new ArrayList<>();
    for (Map.Entry<String, Part> e : parts.entrySet()) {
      Part p = e.getValue();
      if (!p.operand.operands().isEmpty()
          && (p.uses > 1 || (p.nested && p.operand.type().isNullable()))) {
        slots.put(e.getKey(), slots.size());
        upFront.add(p.operand);
      }
    }
    AggregateOperand[] bound = new AggregateOperand[upFront.size()];
    for (int i = 0; i < bound.length; i++) {
      bound[i] = upFront.get(i).at(position, slots);
    }
    AggregateOperand[] operands = new AggregateOperand[unbound.size()];
    for (int c = 0; c < operands.length; c++) {
      AggregateOperand o = unbound.get(c);
      operands[c] = o == null ? null : o.at(position, slots);
    }
    return new OperandProgram(bound, operands);
  }

  /** A program whose call {@code c} reads the value at position {@code positions[c]}. */
  static OperandProgram ofPositions(AggregateOperand[] atPositions) {
    return new OperandProgram(new AggregateOperand[0], atPositions);
  }

  /** Registers {@code o}'s parts, then {@code o}, as a planner's program lists them. */
  private static void register(AggregateOperand o, boolean nested, Map<String, Part> parts) {
    String key = o.key();
    Part known = parts.get(key);
    if (known != null) {
      known.uses++;
      known.nested |= nested;
      return;
    }
    for (AggregateOperand operand : o.operands()) {
      register(operand, true, parts);
    }
    parts.put(key, new Part(o, nested));
  }

  /** How a part of the expressions is used. */
  private static final class Part {
    final AggregateOperand operand;
    int uses = 1;
    boolean nested;

    Part(AggregateOperand operand, boolean nested) {
      this.operand = operand;
      this.nested = nested;
    }
  }

  /** The number of calls. */
  int calls() {
    return operands.length;
  }

  /** Slots a row's computation needs. */
  int slots() {
    return upFront.length;
  }

  /**
   * Fills {@code values} (one per call; left alone for {@code COUNT(*)}) from {@code row},
   * using {@code computed} (of {@link #slots()} values) for the parts computed up front.
   */
  void values(Object[] row, Object[] values, Object[] computed) {
    for (AggregateOperand part : upFront) {
      computed[part.slot()] = part.compute(row, computed);
    }
    for (int c = 0; c < operands.length; c++) {
      if (operands[c] != null) {
        values[c] = operands[c].value(row, computed);
      }
    }
  }
}
