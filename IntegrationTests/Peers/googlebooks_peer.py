"""Independent peer for the Google Books mock: Google's own Python client
(google-api-python-client, built from the Books v1 discovery document it ships) drives a
running `mock-servers` process: a search, two pages without overlap, the lookup of a volume
found, projection LITE, a Unicode query, a cover image, and an out-of-range maxResults that
must raise HttpError 400 in Google's error envelope.
Usage: python3 googlebooks_peer.py READY_FILE. Prints one line per check; exits 1 on the first failure."""
import json
import unicodedata
import urllib.request

from googleapiclient.discovery import build
from googleapiclient.errors import HttpError

from peer_common import check, ready_file


def folded(text):
    return "".join(c for c in unicodedata.normalize("NFD", text) if not unicodedata.combining(c)).lower()


def main():
    entry = ready_file()["googlebooks"]
    base_url, key = entry["baseURL"], entry["credentials"]["apiKey"]
    service = build("books", "v1", static_discovery=True, developerKey=key,
                    client_options={"api_endpoint": base_url + "/"})
    volumes = service.volumes()

    first = volumes.list(q="intitle:river", maxResults=10).execute()
    check(first.get("kind") == "books#volumes", "search answers books#volumes")
    total = first.get("totalItems", 0)
    check(total > 10 and len(first.get("items", [])) == 10, "search finds %d volumes, 10 on the page" % total)
    check(all("river" in folded(item["volumeInfo"]["title"] + " " + item["volumeInfo"].get("subtitle", ""))
              for item in first["items"]), "every title holds 'river'")

    second = volumes.list(q="intitle:river", maxResults=10, startIndex=10).execute()
    first_ids = [item["id"] for item in first["items"]]
    second_ids = [item["id"] for item in second.get("items", [])]
    check(len(second_ids) > 0 and not set(first_ids) & set(second_ids), "page two shares no volume with page one")

    volume = volumes.get(volumeId=first_ids[0]).execute()
    check(volume.get("kind") == "books#volume" and volume.get("id") == first_ids[0], "lookup of a volume found returns it")
    check(volume["volumeInfo"]["title"] == first["items"][0]["volumeInfo"]["title"], "lookup and search agree on the title")
    check("searchInfo" not in volume, "a lookup carries no searchInfo")

    lite = volumes.list(q="intitle:river", maxResults=10, projection="LITE").execute()
    check([item["id"] for item in lite["items"]] == first_ids, "projection=LITE returns the same volumes")
    check(all("description" not in item["volumeInfo"] and "industryIdentifiers" not in item["volumeInfo"] for item in lite["items"]),
          "projection=LITE leaves out descriptions and identifiers")

    cafe = volumes.list(q="intitle:café", maxResults=20, orderBy="newest", printType="BOOKS").execute()
    titles = [item["volumeInfo"]["title"] for item in cafe.get("items", [])]
    check(titles and all("cafe" in folded(title) for title in titles), "intitle:café finds titles with café (%d)" % len(titles))
    dates = [item["volumeInfo"]["publishedDate"] for item in cafe["items"]]
    check(dates == sorted(dates, key=lambda d: (d + "-00-00")[:10], reverse=True), "orderBy=newest sorts by publishedDate")

    partial = volumes.list(q="intitle:river", fields="totalItems,items(id,volumeInfo/title)").execute()
    check(set(partial) == {"totalItems", "items"} and set(partial["items"][0]) == {"id", "volumeInfo"}, "fields gives a partial response")

    thumbnail = next(item["volumeInfo"]["imageLinks"]["thumbnail"] for item in first["items"] if "imageLinks" in item["volumeInfo"])
    with urllib.request.urlopen(thumbnail, timeout=30) as response:
        image = response.read()
        check(response.headers.get("Content-Type") == "image/png" and image[:8] == b"\x89PNG\r\n\x1a\n", "the thumbnail is a PNG")

    try:
        volumes.list(q="river", maxResults=50).execute()
        check(False, "maxResults=50 should raise HttpError")
    except HttpError as error:
        body = json.loads(error.content)
        detail = body["error"]["errors"][0]
        check(error.resp.status == 400, "maxResults=50 raises HttpError 400")
        check("Values must be within the range: [0, 40]" in body["error"]["message"] and detail["reason"] == "invalid"
              and detail["location"] == "maxResults", "the error is Google's envelope: invalid at maxResults")

    try:
        volumes.get(volumeId="nonexistent0").execute()
        check(False, "an unknown volume should raise HttpError")
    except HttpError as error:
        check(error.resp.status == 404 and json.loads(error.content)["error"]["errors"][0]["reason"] == "notFound",
              "an unknown volume raises HttpError 404 notFound")
    print("PEER-OK")


if __name__ == "__main__":
    main()
