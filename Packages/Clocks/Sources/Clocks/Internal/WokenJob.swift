/// Where and at which priority a woken task was when it returned from `sleep`: its job runs on
/// that thread until it ends, and a probe at that priority is served by the same threads.
struct WokenJob {
  let thread: UInt
  let priority: TaskPriority
}
