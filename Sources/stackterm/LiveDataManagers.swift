import Browser
import Operations
import StackExchange

/// The data managers the browser talks to: the one place that chooses them.
///
/// One client (one request policy: backoff, quota, coalescing) and one queue manager serve both
/// the question list, the detail view, the site picker and the comments; `observer` (the trace writer) sees
/// every request.
@MainActor
func makeDataManagers(
    configuration: BackendConfiguration, observer: (any NetworkEventObserver)?
) -> (
    questions: any QuestionsDataManaging, details: any QuestionDetailDataManaging, sites: any SiteListProviding,
    comments: any CommentsDataManaging
) {
    let client = StackExchangeClient(
        configuration: configuration, queues: QueueManager(), observer: observer, rateLimit: configuration.effectiveRateLimit
    )
    return (QuestionsDataManager(client: client), AnswersDataManager(client: client), SitesDataManager(client: client),
            CommentsDataManager(client: client))
}
