import Browser
import Operations
import StackExchange

/// The data managers the browser talks to: the one place that chooses them.
///
/// One client (one request policy: backoff, quota, coalescing) and one queue manager serve both
/// the question list and the detail view; `observer` (the trace writer) sees every request.
@MainActor
func makeDataManagers(
    configuration: BackendConfiguration, observer: (any NetworkEventObserver)?
) -> (questions: any QuestionsDataManaging, details: any QuestionDetailDataManaging) {
    let client = StackExchangeClient(configuration: configuration, queues: QueueManager(), observer: observer)
    return (QuestionsDataManager(client: client), AnswersDataManager(client: client))
}
