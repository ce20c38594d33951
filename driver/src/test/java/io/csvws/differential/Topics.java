package io.csvws.differential;

import java.util.List;

/** Every topic of the differential suite, in the order they run. */
final class Topics {
  private Topics() {
  }

  static List<Topic> all() {
    return List.of(AggregateQueries.topic(), WindowQueries.topic(), JoinQueries.joins(),
        JoinQueries.setOperations(), JoinQueries.subqueries(), ScalarQueries.dates(),
        ScalarQueries.strings(), ScalarQueries.beyondTheBmp(), ScalarQueries.nulls(),
        ScalarQueries.caseAndCast(), ShapeQueries.ordering(), ShapeQueries.limits(), ShapeQueries.text(), ShapeQueries.largeFile(),
        ShapeQueries.groupingSets(), VocabularyQueries.functions(), VocabularyQueries.syntax(),
        VocabularyQueries.overflow());
  }
}
