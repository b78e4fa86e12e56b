import Dependencies
import Foundation

extension BookClient {
  // Step 3: no preview value yet, so a preview gets the live client, which needs a server.
  // Give the client a preview value that serves `Book.previewShelf` (in PreviewShelf.swift)
  // as the server would, without sending anything: `search` keeps the books whose title or
  // author contains the query, ignoring case; `fetch` finds a book by id; `borrow` lends a
  // book once, due two weeks after the `date` dependency's now (read when it lends), and
  // refuses it after that; a book not on the shelf gets a 404, as from the server. The books
  // on loan belong to each value made: two previews (or two tests) never share them.
}
