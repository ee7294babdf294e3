/// The script `serve` puts into the pages it sends (never into the output folder): it asks the
/// server what the builds after its page's did, reloads when one wrote or removed its page's file,
/// and shows or hides a failed build's errors. Everything a page differs in comes from the tag's
/// `data-` attributes, so the text is one constant.
///
/// One tab per browser asks the server at a time (a Web Lock) and tells the others over a
/// BroadcastChannel: each waiting request holds a connection, and browsers open only six at a
/// time to one host, so ten open tabs asking each for themselves would stall the next page load.
/// A tab that hears news starting after its own generation asks once for itself, without
/// waiting, so it never misses a build that happened before it started listening.
enum LiveReloadScript {
    static let text = """
        (() => {
          const me = document.currentScript;
          const { endpoint, file, run } = me.dataset;
          let seen = Number(me.dataset.generation);
          const ask = (since, wait) =>
            fetch(`${endpoint}?since=${since}&run=${run}${wait ? "" : "&wait=0"}`, { cache: "no-store" })
              .then((answer) => (answer.ok ? answer.json() : Promise.reject(new Error(String(answer.status)))));
          const show = (news) => {
            if (news.generation <= seen) return;
            seen = news.generation;
            if (news.changed === null || news.changed.includes(file)) {
              location.reload();
              return;
            }
            document.getElementById("sitegen-build-errors")?.remove();
            if (news.overlay) document.body.insertAdjacentHTML("beforeend", news.overlay);
          };
          const hear = (news) => {
            if (news.since > seen) ask(seen, false).then(show, () => {});
            else show(news);
          };
          const channel = "BroadcastChannel" in window ? new BroadcastChannel(`sitegen ${endpoint}`) : null;
          channel?.addEventListener("message", (event) => hear(event.data));
          const follow = async () => {
            for (;;) {
              try {
                const news = await ask(seen, true);
                channel?.postMessage(news);
                show(news);
              } catch {
                await new Promise((done) => setTimeout(done, 1000));
              }
            }
          };
          if (channel && navigator.locks) navigator.locks.request(`sitegen ${endpoint}`, follow);
          else follow();
        })();
        """

    /// The overlay's look: a `<style>` element rather than `style` attributes, which a page's
    /// Content-Security-Policy can allow by nonce.
    static let style = """
        #sitegen-build-errors{position:fixed;inset:auto 0 0 0;z-index:2147483647;max-height:60vh;overflow:auto;\
        margin:0;padding:1rem 1.25rem;background:#7f1d1d;color:#fff;font:15px/1.45 system-ui,sans-serif;\
        border-top:4px solid #fca5a5;box-shadow:0 -4px 16px rgba(0,0,0,.35)}\
        #sitegen-build-errors p{margin:0 0 .5rem}\
        #sitegen-build-errors pre{margin:0;white-space:pre-wrap;overflow-wrap:anywhere;\
        font:14px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        """
}
