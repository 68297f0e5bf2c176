#!/usr/bin/env python3
"""Writes the feed corpus the CorpusTests serve and read: for each case NAME, NAME.feed (the
bytes served), NAME.expected (the helper's exact output, `fetch --descriptions`; {base} stands
for the address the feed is served from, without its file name) and, when the case needs a
Content-Type, NAME.type. Every feed here was written for this project, shaped like what
publishers serve. Run it again after changing a case; its output is committed."""
import base64
import os

HERE = os.path.dirname(os.path.abspath(__file__))
cases = []


def case(name, feed, expected, content_type=None):
    cases.append(name)
    data = feed if isinstance(feed, bytes) else feed.encode("utf-8")
    with open(os.path.join(HERE, name + ".feed"), "wb") as f:
        f.write(data)
    with open(os.path.join(HERE, name + ".expected"), "w", encoding="utf-8") as f:
        f.write("".join(line + "\n" for line in expected))
    if content_type:
        with open(os.path.join(HERE, name + ".type"), "w") as f:
            f.write(content_type + "\n")


def item(title, link="", description=""):
    text = title + (" — " + description if description and description != title else "") if title else description
    return "item\t%s\t%s" % (text, link)


def ok(ttl=""):
    return "ok\t\t\t%s" % ttl


def warning(text):
    return "warning\t%s: shown as recovered" % text


def rss(items, head='<?xml version="1.0" encoding="utf-8"?>\n', attributes=""):
    return head + '<rss version="2.0"%s>\n<channel>\n<title>Corpus</title>\n<link>https://example.org/</link>\n%s</channel>\n</rss>\n' % (attributes, items)


# --- Documents that are not well-formed, read as the best readers do ---------------------------

case("entity-html-named", rss(
    "<item><title>Caf&eacute;&nbsp;opens &mdash; &ldquo;finally&rdquo;&hellip;</title><link>https://example.org/cafe</link></item>\n"
    "<item><title>Rock &amp; roll&rsquo;s &copy; &bogus; &frac12;</title><link>https://example.org/rock</link></item>\n"),
    [warning("not well-formed (line 6: Entity 'eacute' not defined)"),
     item("Café opens — “finally”…", "https://example.org/cafe"),
     item("Rock & roll’s © &bogus; ½", "https://example.org/rock"), ok()])

case("raw-ampersand", rss(
    "<item><title>Fish & Chips</title><link>https://example.org/search?a=1&b=2&amp;c=3</link></item>\n"
    "<item><title>AT&T; earnings</title><link>https://example.org/att</link></item>\n"),
    [warning("not well-formed (line 6: xmlParseEntityRef: no name)"),
     item("Fish & Chips", "https://example.org/search?a=1&b=2&c=3"),
     item("AT&T; earnings", "https://example.org/att"), ok()])

case("truncated", '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Cut</title>\n'
     "<item><title>First whole item</title><link>https://example.org/1</link></item>\n"
     "<item><title>Second whole item</title><link>https://example.org/2</link><description>Its text</description></item>\n"
     "<item><title>Third, cut in the mid",
     [warning("not well-formed (line 5: Extra content at the end of the document)"),
      item("First whole item", "https://example.org/1"),
      item("Second whole item", "https://example.org/2", "Its text"), ok()])

case("truncated-after-item", '<?xml version="1.0"?>\n<rss version="2.0"><channel>\n'
     "<item><title>Only item</title><link>https://example.org/only</link></item>\n</channel>\n</rss",
     [warning("not well-formed (line 5: expected '>')"), item("Only item", "https://example.org/only"), ok()])

case("blank-lines-before-declaration", "\n\n   \n" + rss("<item><title>After blank lines</title></item>\n"),
     [warning("not well-formed (line 4: XML declaration allowed only at the start of the document)"),
      item("After blank lines"), ok()])

case("junk-before-root", "Notice: Undefined index in feed.php on line 12\n" + rss("<item><title>After a notice</title></item>\n"),
     [warning("not well-formed (line 1: Document is empty)"), item("After a notice"), ok()])

case("undeclared-prefix", rss(
    "<item><title>Undeclared prefixes</title><dc:creator>Ann</dc:creator>"
    "<media:group><media:description>From media RSS</media:description></media:group></item>\n"),
    [warning("not well-formed (line 6: Namespace prefix dc on creator is not defined)"),
     item("Undeclared prefixes", "", "From media RSS"), ok()])

case("mismatched-end-tags", rss(
    "<item><title>One</titel><link>https://example.org/one</link></item>\n"
    "<item><title>Two <b>bold</b> words</title><link>https://example.org/two</link></item>\n"
    "<item><title>Three</title><link>https://example.org/three</link></item>\n"),
    [warning("not well-formed (line 6: Opening and ending tag mismatch: title line 6 and titel)"),
     item("One", "https://example.org/one"), item("Two bold words", "https://example.org/two"),
     item("Three", "https://example.org/three"), ok()])

case("control-characters", rss("<item><title>Bell\x07 and escape\x1b gone</title></item>\n"),
     [warning("not well-formed (line 6: PCDATA invalid Char value 7)"), item("Bell and escape gone"), ok()])

case("windows-1252-declared-utf-8", rss(
    "<item><title>Don\x92t say \x93never\x94 \x96 caf\xe9</title></item>\n").encode("latin-1"),
    ["warning\tbytes not valid in UTF-8 at line 6 (read as Windows-1252): shown as recovered",
     item("Don’t say “never” – café"), ok()])

case("billion-laughs", '<?xml version="1.0"?>\n<!DOCTYPE rss [\n<!ENTITY lol "lol">\n'
     + "".join('<!ENTITY lol%d "%s">\n' % (n, ("&lol%s;" % (n - 1 if n > 1 else "")) * 10) for n in range(1, 10))
     + ']>\n<rss version="2.0"><channel><item><title>Laughs: &lol9;</title></item></channel></rss>\n',
     [warning("not well-formed (line 14: Entity 'lol9' not defined)"), item("Laughs: &lol9;"), ok()])

case("external-entity", '<?xml version="1.0"?>\n<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
     '<rss version="2.0"><channel><item><title>Secret: &secret;</title></item></channel></rss>\n',
     [warning("not well-formed (line 3: Entity 'secret' not defined)"), item("Secret: &secret;"), ok()])

# --- Encodings ----------------------------------------------------------------------------------

WORLD = "Grüße, Ελλάδα, Россия, 日本語 “quotes” €"


def encoded(name, encoding, declared, text, expected, bom=b"", content_type=None):
    head = '<?xml version="1.0" encoding="%s"?>\n' % declared if declared else ""
    case(name, bom + rss("<item><title>%s</title></item>\n" % text, head=head).encode(encoding),
         [item(expected), ok()], content_type)


encoded("utf-8-bom", "utf-8", "utf-8", WORLD, WORLD, bom=b"\xef\xbb\xbf")
encoded("utf-16le-bom", "utf-16-le", "utf-16", WORLD, WORLD, bom=b"\xff\xfe")
encoded("utf-16be-bom", "utf-16-be", "utf-16", WORLD, WORLD, bom=b"\xfe\xff")
encoded("utf-16le-no-bom", "utf-16-le", "utf-16", WORLD, WORLD)
encoded("utf-16be-no-bom-label-u16", "utf-16-be", "u16", WORLD, WORLD)
encoded("utf-32le-bom", "utf-32-le", "utf-32", WORLD, WORLD, bom=b"\xff\xfe\x00\x00")
encoded("utf-32be-no-bom", "utf-32-be", "utf-32", WORLD, WORLD)
encoded("iso-8859-1-with-c1", "cp1252", "ISO-8859-1", "Don’t – “café” naïve", "Don’t – “café” naïve")
encoded("latin1-label", "latin-1", "latin1", "Grüße aus Köln", "Grüße aus Köln")
encoded("iso-8859-15", "iso-8859-15", "ISO-8859-15", "Prix : 5 € œuvre", "Prix : 5 € œuvre")
encoded("iso-8859-2", "iso-8859-2", "iso-8859-2", "Zażółć gęślą jaźń", "Zażółć gęślą jaźń")
encoded("windows-1251", "cp1251", "windows-1251", "Новости дня", "Новости дня")
encoded("windows-1253", "cp1253", "windows-1253", "Ειδήσεις", "Ειδήσεις")
encoded("koi8-r", "koi8-r", "KOI8-R", "Привет, мир", "Привет, мир")
encoded("shift-jis", "cp932", "Shift_JIS", "日本のニュース ①", "日本のニュース ①")
encoded("x-sjis-label", "shift_jis", "x-sjis", "東京", "東京")
encoded("euc-jp", "euc-jp", "EUC-JP", "大阪の天気", "大阪の天気")
encoded("gb18030", "gb18030", "GB18030", "新闻 𠀀", "新闻 𠀀")
encoded("gb2312-label", "gbk", "gb2312", "北京新闻", "北京新闻")
encoded("big5", "big5", "big5", "臺灣新聞", "臺灣新聞")
encoded("euc-kr", "cp949", "euc-kr", "한국 뉴스", "한국 뉴스")
encoded("no-declaration-utf-8", "utf-8", None, WORLD, WORLD)
encoded("http-charset-wins", "cp1250", "utf-8", "Příliš žluťoučký kůň", "Příliš žluťoučký kůň",
        content_type="application/rss+xml; charset=windows-1250")
encoded("bom-wins-over-http-charset", "utf-8", "utf-8", WORLD, WORLD, bom=b"\xef\xbb\xbf",
        content_type='text/xml; charset="iso-8859-1"')
encoded("http-charset-latin1", "cp1252", None, "Don’t “stop”", "Don’t “stop”",
        content_type="text/xml; charset=ISO-8859-1")
case("unknown-encoding-label", rss("<item><title>Plain ASCII title</title></item>\n",
                                   head='<?xml version="1.0" encoding="x-no-such-charset"?>\n'),
     ['warning\tunknown encoding "X-NO-SUCH-CHARSET" (read as UTF-8): shown as recovered', item("Plain ASCII title"), ok()])
case("invalid-byte-in-koi8-r-http", rss("<item><title>ok</title></item>\n"),
     [item("ok"), ok()], content_type="application/xml; charset=koi8-r")

# --- Formats -------------------------------------------------------------------------------------

case("rss-0.91-netscape", '<?xml version="1.0" encoding="ISO-8859-1"?>\n'
     '<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN"\n'
     ' "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n'
     '<rss version="0.91"><channel><title>Old</title><link>http://old.example.net/</link>\n'
     "<language>fr</language>\n"
     "<image><title>Logo</title><url>http://old.example.net/logo.gif</url><link>http://old.example.net/</link></image>\n"
     "<item><title>R&eacute;sum&eacute; du jour</title><link>http://old.example.net/resume</link>"
     "<description>Texte &agrave; lire</description></item>\n"
     "</channel></rss>\n",
     [warning("not well-formed (line 7: Entity 'eacute' not defined)"),
      item("Résumé du jour", "http://old.example.net/resume", "Texte à lire"), ok()])

case("rss-0.92", '<?xml version="1.0"?>\n<rss version="0.92"><channel><title>t</title>\n'
     '<item><description>&lt;p&gt;Only a description, with &lt;a href="x"&gt;a link&lt;/a&gt;&lt;/p&gt;</description>'
     '<enclosure url="http://e.example/a.mp3" length="1" type="audio/mpeg"/></item>\n'
     "<item><title>Titled</title><link>http://e.example/t</link></item>\n</channel></rss>\n",
     [item("", "", "Only a description, with a link"), item("Titled", "http://e.example/t"), ok()])

case("rss-0.94", '<?xml version="1.0"?>\n<rss version="0.94"><channel><title>t</title><ttl>45</ttl>\n'
     '<item><title type="text/plain">Plain &amp;amp; simple</title><link>http://e.example/p</link></item>\n</channel></rss>\n',
     [item("Plain & simple", "http://e.example/p"), ok(2700)])

case("rss-2.0-fields", '<?xml version="1.0" encoding="UTF-8"?>\n'
     '<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/"\n'
     '     xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss/"\n'
     '     xmlns:atom="http://www.w3.org/2005/Atom">\n<channel><title>Fields</title><ttl>10</ttl>\n'
     "<image><title>Channel image</title><url>https://e.example/i.png</url><link>https://e.example/</link></image>\n"
     "<item><title>Full content wins</title><link>https://e.example/1</link>"
     "<description>The summary</description><content:encoded><![CDATA[<p>The <em>full</em> text</p>]]></content:encoded></item>\n"
     "<item><title>Description next</title><link>https://e.example/2</link><dc:description>Dublin Core</dc:description>"
     "<description><![CDATA[Plain <b>description</b>]]></description></item>\n"
     "<item><title>Dublin Core next</title><link>https://e.example/3</link><itunes:summary>iTunes</itunes:summary>"
     "<dc:description>Dublin &lt;i&gt;Core&lt;/i&gt;</dc:description></item>\n"
     "<item><title>iTunes next</title><link>https://e.example/4</link>"
     "<media:content url='https://e.example/v.mp4'><media:description>Media</media:description></media:content>"
     "<itunes:summary>The iTunes summary</itunes:summary></item>\n"
     "<item><title>Media last</title><link>https://e.example/5</link>"
     "<media:group><media:description type='html'>&lt;b&gt;Media&lt;/b&gt; RSS</media:description></media:group></item>\n"
     "<item><title>Guid as permalink</title><guid isPermaLink='true'>https://e.example/guid/6</guid></item>\n"
     "<item><title>Guid by default a permalink</title><guid>https://e.example/guid/7</guid></item>\n"
     "<item><title>Guid not a permalink</title><guid isPermaLink='false'>https://e.example/guid/8</guid></item>\n"
     "<item><title>Guid that is no address</title><guid>tag:e.example,2026:9</guid></item>\n"
     "<item><title>Nested image does not count</title>"
     "<image><title>Not this</title><link>https://e.example/image</link></image><link>https://e.example/10</link></item>\n"
     "<item><title>First link wins</title><link>https://e.example/11a</link><link>https://e.example/11b</link>"
     "<atom:link rel='alternate' href='https://e.example/11c'/></item>\n"
     "<item><title><![CDATA[CDATA <i>title</i> &amp; more]]></title><link>  https://e.example/12\n  </link></item>\n"
     "<item><title>  Spread\n   over\tlines  </title></item>\n"
     "<item><title>&lt;b&gt;Bold&lt;/b&gt; headline</title></item>\n"
     "<item><title>1 &lt; 2 and 3 &gt; 2</title></item>\n"
     "<item><title>Double &amp;amp; escaped &amp;eacute;t&amp;eacute;</title></item>\n"
     "</channel></rss>\n",
     [item("Full content wins", "https://e.example/1", "The full text"),
      item("Description next", "https://e.example/2", "Plain description"),
      item("Dublin Core next", "https://e.example/3", "Dublin Core"),
      item("iTunes next", "https://e.example/4", "The iTunes summary"),
      item("Media last", "https://e.example/5", "Media RSS"),
      item("Guid as permalink", "https://e.example/guid/6"),
      item("Guid by default a permalink", "https://e.example/guid/7"),
      item("Guid not a permalink"),
      item("Guid that is no address"),
      item("Nested image does not count", "https://e.example/10"),
      item("First link wins", "https://e.example/11a"),
      item("CDATA title & more", "https://e.example/12"),
      item("Spread over lines"),
      item("Bold headline"),
      item("1 < 2 and 3 > 2"),
      item("Double & escaped été"), ok(600)])

case("rss-0.90-rdf", '<?xml version="1.0"?>\n<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"'
     ' xmlns="http://my.netscape.com/rdf/simple/0.9/">\n<channel><title>Zero nine</title><link>http://z.example/</link></channel>\n'
     "<image><title>Logo</title><url>http://z.example/l.gif</url><link>http://z.example/</link></image>\n"
     "<item><title>First 0.90 item</title><link>http://z.example/1</link></item>\n"
     "<item><title>Second 0.90 item</title><link>http://z.example/2</link></item>\n</rdf:RDF>\n",
     [item("First 0.90 item", "http://z.example/1"), item("Second 0.90 item", "http://z.example/2"), ok()])

case("rss-1.0-rdf", '<?xml version="1.0" encoding="utf-8"?>\n'
     '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"\n'
     '  xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:sy="http://purl.org/rss/1.0/modules/syndication/"\n'
     '  xmlns:content="http://purl.org/rss/1.0/modules/content/">\n'
     '<channel rdf:about="https://r.example/"><title>One oh</title><link>https://r.example/</link>'
     "<sy:updatePeriod>hourly</sy:updatePeriod><sy:updateFrequency>4</sy:updateFrequency></channel>\n"
     '<item rdf:about="https://r.example/a"><title>Linked by about only</title><dc:description>From DC</dc:description></item>\n'
     '<item rdf:about="https://r.example/b"><title>With link</title><link>https://r.example/b-link</link>'
     "<description>Plain</description><content:encoded>&lt;p&gt;Encoded&lt;/p&gt;</content:encoded></item>\n</rdf:RDF>\n",
     [item("Linked by about only", "https://r.example/a", "From DC"),
      item("With link", "https://r.example/b-link", "Encoded"), ok(900)])

case("atom-0.3", '<?xml version="1.0" encoding="utf-8"?>\n<feed version="0.3" xmlns="http://purl.org/atom/ns#">\n'
     "<title>Old blog</title><link rel='alternate' type='text/html' href='http://blog.example/'/>\n"
     "<entry><title>Plain 0.3 entry</title><link rel='alternate' type='text/html' href='http://blog.example/1'/>"
     "<id>tag:blog.example,2004:1</id><issued>2004-01-01T00:00:00Z</issued>"
     "<summary type='text/plain'>A summary</summary></entry>\n"
     "<entry><title type='text/html' mode='escaped'>&lt;em&gt;Escaped&lt;/em&gt; title</title>"
     "<link rel='alternate' type='text/html' href='http://blog.example/2'/>"
     "<content type='text/html' mode='escaped'>&lt;p&gt;Escaped content&lt;/p&gt;</content></entry>\n"
     "<entry><title type='text/html' mode='base64'>PGI+QmFzZTY0PC9iPiB0aXRsZSDigJQgw6l0w6k=</title>"
     "<link rel='alternate' type='text/html' href='http://blog.example/3'/>"
     "<content type='text/plain' mode='base64'>QmFzZTY0IGNvbnRlbnQ=</content></entry>\n"
     "<entry><title type='application/xhtml+xml' mode='xml'><div xmlns='http://www.w3.org/1999/xhtml'>Inline <b>xml</b></div></title>"
     "<link rel='service.edit' href='http://blog.example/edit/4'/><link rel='alternate' href='http://blog.example/4'/></entry>\n"
     "</feed>\n",
     [item("Plain 0.3 entry", "http://blog.example/1", "A summary"),
      item("Escaped title", "http://blog.example/2", "Escaped content"),
      item("Base64 title — été", "http://blog.example/3", "Base64 content"),
      item("Inline xml", "http://blog.example/4"), ok()])

case("atom-1.0", '<?xml version="1.0" encoding="utf-8"?>\n'
     '<feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://a.example/blog/">\n<title>Atom</title>\n'
     "<link rel='self' href='https://a.example/feed.atom'/>\n"
     "<entry><title>Relative to xml:base</title><link href='posts/1'/><id>tag:a.example,2026:1</id>"
     "<summary>Summary first</summary><content type='html'>&lt;p&gt;Content second&lt;/p&gt;</content></entry>\n"
     "<entry xml:base='/other/'><title type='html'>&lt;b&gt;Bold&lt;/b&gt; &amp;amp; html</title>"
     "<link rel='self' href='https://a.example/entries/2'/><link rel='alternate' href='two'/>"
     "<link rel='alternate' href='second-alternate'/><content type='xhtml'>"
     "<div xmlns='http://www.w3.org/1999/xhtml'><p>Para one</p><p>Para &lt;two&gt;</p></div></content></entry>\n"
     "<entry><title type='xhtml'><div xmlns='http://www.w3.org/1999/xhtml'>Escaped &lt;blink&gt; stays <i>once</i></div></title>"
     "<link rel='related' href='https://elsewhere.example/'/><link rel='enclosure' href='https://a.example/a.mp3'/>"
     "<id>https://a.example/permalink/3</id></entry>\n"
     "<entry><title>Text title keeps &amp;lt;tags&amp;gt; as text</title><link rel='self' href='https://a.example/s/4'/>"
     "<link rel='related' href='https://a.example/related/4'/><link rel='enclosure' href='https://a.example/e/4'/>"
     "<id>urn:uuid:4</id></entry>\n"
     "<entry><title>Link as element text</title><link>https://a.example/text-link</link></entry>\n"
     "<entry><title>Content by reference</title><link href='https://a.example/6'/>"
     "<content src='https://a.example/6.html' type='text/html'/><summary type='text'>Only the summary</summary></entry>\n"
     "<entry><title>Base64 content</title><link href='https://a.example/7'/>"
     "<content type='application/octet-stream'>VW5rbm93biB0eXBlIGRlY29kZWQ=</content></entry>\n"
     "<entry><title>Source is not the entry</title><link href='https://a.example/8'/>"
     "<source><title>Other feed</title><link href='https://other.example/'/></source></entry>\n"
     "</feed>\n",
     [item("Relative to xml:base", "https://a.example/blog/posts/1", "Summary first"),
      item("Bold & html", "https://a.example/other/two", "Para one Para <two>"),
      item("Escaped <blink> stays once", "https://a.example/permalink/3"),
      item("Text title keeps &lt;tags&gt; as text", "https://a.example/related/4"),
      item("Link as element text", "https://a.example/text-link"),
      item("Content by reference", "https://a.example/6", "Only the summary"),
      item("Base64 content", "https://a.example/7", "Unknown type decoded"),
      item("Source is not the entry", "https://a.example/8"), ok()])

case("atom-relative-to-feed-address", '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n'
     "<entry><title>Relative to the feed</title><link href='entry.html'/></entry>\n"
     "<entry><title>Root-relative</title><link href='/top'/></entry>\n</feed>\n",
     [item("Relative to the feed", "{base}entry.html"), item("Root-relative", "{root}/top"), ok()])

case("json-feed-1.0", '{"version": "https://jsonfeed.org/version/1", "title": "JSON one",\n'
     ' "home_page_url": "https://j.example/", "feed_url": "https://j.example/feed.json",\n'
     ' "items": [\n'
     '  {"id": "1", "url": "https://j.example/1", "title": "First JSON item", "content_html": "<p>HTML <b>content</b></p>"},\n'
     '  {"id": "2", "url": "posts/2", "title": "Relative url", "content_text": "Text content", "summary": "Not this"},\n'
     '  {"id": "https://j.example/3", "title": "Id as link", "summary": "Only a summary"},\n'
     '  {"id": "4", "external_url": "https://elsewhere.example/4", "content_html": "<p>No title, HTML only</p>"},\n'
     '  {"id": "5", "title": "  Spaces \\n collapsed  "}\n ]}\n',
     [item("First JSON item", "https://j.example/1", "HTML content"),
      item("Relative url", "https://j.example/posts/2", "Text content"),
      item("Id as link", "https://j.example/3", "Only a summary"),
      item("", "https://elsewhere.example/4", "No title, HTML only"),
      item("Spaces collapsed"), ok()], content_type="application/feed+json")

case("json-feed-1.1", '\ufeff{"version": "https://jsonfeed.org/version/1.1", "title": "JSON 1.1", "language": "en",\n'
     ' "items": [{"id": "a", "url": "https://j.example/a", "title": "Ünïcödé & <b>not HTML</b>", "authors": [{"name": "A"}]}]}\n',
     [item("Ünïcödé & <b>not HTML</b>", "https://j.example/a"), ok()], content_type="application/json")

# --- Where titles and descriptions come from, in the documented order ----------------------------

PODCAST = ' xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"'
DC = ' xmlns:dc="http://purl.org/dc/elements/1.1/"'
MEDIA = ' xmlns:media="http://search.yahoo.com/mrss/"'
XHTML = ' xmlns:xhtml="http://www.w3.org/1999/xhtml"'

case("itunes-summary", rss(
    "<item><title>Episode 12: Lighthouses</title><link>https://pod.example/12</link>"
    "<itunes:summary>Keepers &amp; their lamps, told by two of them.</itunes:summary></item>\n"
    "<item><title>Episode 13</title><link>https://pod.example/13</link>"
    "<description>The show notes win</description><itunes:summary>Not this</itunes:summary></item>\n",
    attributes=PODCAST),
    [item("Episode 12: Lighthouses", "https://pod.example/12", "Keepers & their lamps, told by two of them."),
     item("Episode 13", "https://pod.example/13", "The show notes win"), ok()])

case("dublin-core-title-and-description", rss(
    "<item><dc:title>Council approves &lt;b&gt;budget&lt;/b&gt;</dc:title><link>https://city.example/1</link>"
    "<dc:description>&lt;p&gt;Vote was 7&amp;ndash;2&lt;/p&gt;</dc:description></item>\n"
    "<item><title>Own title first</title><dc:title>Not the DC one</dc:title><link>https://city.example/2</link></item>\n",
    attributes=DC),
    [item("Council approves budget", "https://city.example/1", "Vote was 7–2"),
     item("Own title first", "https://city.example/2"), ok()])

case("media-title", rss(
    "<item><link>https://video.example/1</link><media:content url='https://video.example/1.mp4'>"
    "<media:title>Sunrise over the bay</media:title><media:description>Four minutes, no words</media:description>"
    "</media:content></item>\n"
    "<item><title>Own</title><dc:title>Dublin Core</dc:title><media:title>Media</media:title>"
    "<link>https://video.example/2</link></item>\n"
    "<item><dc:title>Dublin Core before media</dc:title><media:title>Media</media:title>"
    "<link>https://video.example/3</link></item>\n",
    attributes=MEDIA + DC),
    [item("Sunrise over the bay", "https://video.example/1", "Four minutes, no words"),
     item("Own", "https://video.example/2"),
     item("Dublin Core before media", "https://video.example/3"), ok()])

case("xhtml-body", rss(
    "<item><title>Full text</title><link>https://x.example/1</link><description>Short teaser</description>"
    "<xhtml:body><xhtml:p>First paragraph.</xhtml:p><xhtml:p>Second &amp; last.</xhtml:p></xhtml:body></item>\n",
    attributes=XHTML),
    [item("Full text", "https://x.example/1", "First paragraph. Second & last."), ok()])

case("body-and-fullitem", rss(
    "<item><title>Body only</title><link>https://b.example/1</link>"
    "<body>&lt;p&gt;The &lt;em&gt;whole&lt;/em&gt; story&lt;/p&gt;</body></item>\n"
    "<item><title>Fullitem first</title><link>https://b.example/2</link><description>Teaser</description>"
    "<fullitem>&lt;div&gt;Everything, in full&lt;/div&gt;</fullitem></item>\n"),
    [item("Body only", "https://b.example/1", "The whole story"),
     item("Fullitem first", "https://b.example/2", "Everything, in full"), ok()])

case("atom-0.3-base64-everywhere", '<?xml version="1.0" encoding="utf-8"?>\n<feed version="0.3" xmlns="http://purl.org/atom/ns#">\n'
     "<entry><title mode='base64'>VGl0bGUgaW4gYmFzZTY0</title><link rel='alternate' href='http://c.example/1'/>"
     "<summary mode='base64' type='text/html'>PHA+U3VtbWFyeSA8Yj5ib2xkPC9iPjwvcD4=</summary></entry>\n"
     "<entry><title mode='base64' type='text/plain'>TGl0ZXJhbCA8dGFnPg==</title><link rel='alternate' href='http://c.example/2'/>"
     "<content mode='base64' type='text/html'>PHA+Q29udGVudCDigJMgw6l0w6k8L3A+</content></entry>\n"
     "</feed>\n",
     [item("Title in base64", "http://c.example/1", "Summary bold"),
      item("Literal <tag>", "http://c.example/2", "Content – été"), ok()])

case("text-constructs-keep-literal-tags", '<?xml version="1.0" encoding="utf-8"?>\n<feed version="0.3" xmlns="http://purl.org/atom/ns#">\n'
     "<entry><title mode='escaped'>Why &lt;br&gt; breaks lines</title><link rel='alternate' href='http://d.example/1'/>"
     "<summary type='text/plain' mode='escaped'>Use &lt;p&gt; &amp;amp; &lt;div&gt;</summary></entry>\n"
     "<entry><title type='text/html' mode='escaped'>&lt;i&gt;Escaped HTML&lt;/i&gt; is HTML</title>"
     "<link rel='alternate' href='http://d.example/2'/></entry>\n"
     "<entry><title type='application/xhtml+xml' mode='xml'><div xmlns='http://www.w3.org/1999/xhtml'>XML &lt;mode&gt; <b>text</b></div></title>"
     "<link rel='alternate' href='http://d.example/3'/></entry>\n"
     "</feed>\n",
     [item("Why <br> breaks lines", "http://d.example/1", "Use <p> &amp; <div>"),
      item("Escaped HTML is HTML", "http://d.example/2"),
      item("XML <mode> text", "http://d.example/3"), ok()])

case("atom-1.0-text-type-literal-tag", '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n'
     "<entry><title type='text'>Vector&lt;T&gt; in C++</title><link href='https://e.example/1'/>"
     "<summary>if a &lt; b &amp;&amp; c &gt; d</summary></entry>\n</feed>\n",
     [item("Vector<T> in C++", "https://e.example/1", "if a < b && c > d"), ok()])

case("c1-controls-as-windows-1252", rss(
    "<item><title>It\u0092s a \u0093quoted\u0094 title \u0097 with a dash</title><link>https://f.example/1</link>"
    "<description>Price \u0080 5\u0085</description></item>\n"),
    [item("It’s a “quoted” title — with a dash", "https://f.example/1", "Price € 5…"), ok()])

case("double-encoded-utf-8", rss(
    "<item><title>CafÃ© reopens â€” finally</title><link>https://g.example/1</link></item>\n"
    "<item><title>Ã as a letter stays: Ãx</title><link>https://g.example/2</link></item>\n"),
    [item("Café reopens — finally", "https://g.example/1"),
     item("Ã as a letter stays: Ãx", "https://g.example/2"), ok()])

case("ampersand-in-link-attribute", '<?xml version="1.0"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n'
     "<entry><title>Escaped</title><link href='https://h.example/?a=1&amp;b=2&#38;c=3'/></entry>\n</feed>\n",
     [item("Escaped", "https://h.example/?a=1&b=2&c=3"), ok()])

case("atom-0.3-draft-namespace", '<?xml version="1.0"?>\n<feed version="0.3" xmlns="http://purl.org/echo/">\n'
     "<title>A draft-era feed</title><entry><title>Echo entry</title><link rel='alternate' href='http://echo.example/1'/>"
     "<summary>Read as Atom 0.3</summary></entry>\n</feed>\n",
     [item("Echo entry", "http://echo.example/1", "Read as Atom 0.3"), ok()])


# --- Issue 30: what an outside suite (Python feedparser's) showed read wrong ------------------

JS = "document.write('tracker')"
case("script-and-style-in-every-rss-construct", '<?xml version="1.0" encoding="utf-8"?>\n'
     '<rss version="2.0" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:content="http://purl.org/rss/1.0/modules/content/">\n'
     "<channel><title>Scripts&lt;script&gt;%s&lt;/script&gt; nowhere</title>\n" % JS
     + "<item><title>Escaped &lt;script type='text/javascript'&gt;%s&lt;/script&gt;title</title>"
       "<description><![CDATA[CDATA<style>p { color: red }</style> description<SCRIPT\n>%s</SCRIPT>]]></description></item>\n" % (JS, JS)
     + "<item><title>Body</title><body>Plain<script>%s</script> body<style>b{}</style> text</body></item>\n" % JS
     + "<item><title>XHTML body</title><xhtml:body><p>Safe<xhtml:script>%s</xhtml:script> words</p></xhtml:body></item>\n" % JS
     + "<item><title>Encoded</title><content:encoded>&lt;p&gt;Kept&lt;/p&gt;&lt;script src='x.js'&gt;&lt;/script&gt;&lt;script&gt;%s&lt;/script&gt;</content:encoded></item>\n" % JS
     + "</channel></rss>\n",
     [item("Escaped title", "", "CDATA description"), item("Body", "", "Plain body text"), item("XHTML body", "", "Safe words"), item("Encoded", "", "Kept"), ok()])

case("script-and-style-in-every-atom-construct", '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n'
     "<entry><title type='html'>Title&lt;script&gt;%s&lt;/script&gt; in HTML</title><link href='https://s.example/1'/>"
     "<summary type='xhtml'><div xmlns='http://www.w3.org/1999/xhtml'>Summary<script>%s</script><style>div{}</style> in XHTML</div></summary></entry>\n" % (JS, JS)
     + "<entry><title type='xhtml'><div xmlns='http://www.w3.org/1999/xhtml'>XHTML<script>%s</script> title</div></title><link href='https://s.example/2'/>"
       "<content type='application/octet-stream'>%s</content></entry>\n" % (JS, base64.b64encode(("Binary<script>%s</script> content" % JS).encode()).decode())
     + "</feed>\n",
     [item("Title in HTML", "https://s.example/1", "Summary in XHTML"),
      item("XHTML title", "https://s.example/2", "Binary content"), ok()])

case("atom-0.3-base64-read-as-html", '<?xml version="1.0" encoding="utf-8"?>\n<feed version="0.3" xmlns="http://purl.org/atom/ns#">\n'
     "<entry><title mode='base64'>PHA+UmF0ZXMgJmx0O3Jpc2UmZ3Q7IGFnYWluPC9wPg==</title><link rel='alternate' href='http://b.example/1'/>"
     "<summary mode='base64'>PGI+Qm9sZDwvYj4gJmFtcDsgPGk+aXRhbGljPC9pPg==</summary></entry>\n"
     "<entry><title mode='base64' type='text/html'>U2NyaXB0PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0PiBnb25l</title><link rel='alternate' href='http://b.example/2'/></entry>\n"
     "</feed>\n",
     [item("Rates <rise> again", "http://b.example/1", "Bold & italic"), item("Script gone", "http://b.example/2"), ok()])

case("joiners-kept", rss(
    "<item><title>क्&zwj;ष and می&zwnj;خواهم</title><link>https://j.example/1</link></item>\n"
    "<item><title>Space then &zwj;joiner &amp; &#x200C;non-joiner</title><link>https://j.example/2</link></item>\n"),
    [warning("not well-formed (line 6: Entity 'zwj' not defined)"),
     item("क्\u200dष and می\u200cخواهم", "https://j.example/1"),
     item("Space then \u200djoiner & \u200cnon-joiner", "https://j.example/2"), ok()])

case("description-only-markup-falls-back-to-title", rss(
    "<item><title>Photo of the day</title><link>https://m.example/1</link><description>&lt;img src='https://m.example/p.jpg'/&gt;&lt;br/&gt;</description></item>\n"
    "<item><title>Raw markup</title><link>https://m.example/2</link><description><img src='https://m.example/p.jpg'/></description></item>\n"
    "<item><title>Figure</title><link>https://m.example/3</link><description><![CDATA[<p><a href='x'><img src='y'></a></p>]]></description></item>\n"),
    [item("Photo of the day", "https://m.example/1"), item("Raw markup", "https://m.example/2"),
     item("Figure", "https://m.example/3"), ok()])

case("atom-0.3-plain-text-literal-angle-brackets", '<?xml version="1.0"?>\n<feed version="0.3" xmlns="http://purl.org/atom/ns#">\n'
     "<entry><title type='text'>Why &lt;br&gt; matters</title><summary type='text'>a &lt;b&gt; tag</summary><link rel='alternate' href='http://t.example/1'/></entry>\n"
     "<entry><title type='text/plain'>Plain &lt;i&gt;it&lt;/i&gt;</title><link rel='alternate' href='http://t.example/2'/></entry>\n"
     "<entry><title>Default &lt;b&gt;type&lt;/b&gt;</title><link rel='alternate' href='http://t.example/3'/></entry>\n"
     "</feed>\n",
     [item("Why <br> matters", "http://t.example/1", "a <b> tag"), item("Plain <i>it</i>", "http://t.example/2"),
      item("Default <b>type</b>", "http://t.example/3"), ok()])

case("dublin-core-description-when-description-empty",
     rss("<item><title>Empty</title><description></description><dc:description>DC for an empty one</dc:description></item>\n"
         "<item><title>Self-closed</title><description/><dc:description>DC for a self-closed one</dc:description></item>\n"
         "<item><title>Blank</title><description>  \n </description><dc:description>DC for a blank one</dc:description></item>\n"
         "<item><dc:description>Only Dublin Core</dc:description><description></description></item>\n",
         attributes=' xmlns:dc="http://purl.org/dc/elements/1.1/"'),
     [item("Empty", "", "DC for an empty one"), item("Self-closed", "", "DC for a self-closed one"),
      item("Blank", "", "DC for a blank one"), item("", "", "Only Dublin Core"), ok()])

case("raw-ampersand-in-link", rss(
    "<item><title>Raw ampersands</title><link>https://r.example/?a=1&b=2&c</link><description>Its text stays</description></item>\n"
    "<item><title>Next</title><link>https://r.example/2</link></item>\n"),
    [warning("not well-formed (line 6: EntityRef: expecting ';')"),
     item("Raw ampersands", "https://r.example/?a=1&b=2&c", "Its text stays"), item("Next", "https://r.example/2"), ok()])

case("truncated-before-first-item", '<?xml version="1.0"?>\n<rss version="2.0">\n<channel>\n<title>Only &#160;a title</title>\n</channel>\n</rss',
     [warning("not well-formed (line 6: expected '>')"), ok()])

case("truncated-inside-cdata", '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Cut</title>\n'
     "<item><title>Whole</title><description>Its text</description></item>\n"
     "<item><title>Cut in CDATA</title><description><![CDATA[Text <b>cut</b> in the mid",
     [warning("not well-formed (line 4: Extra content at the end of the document)"),
      item("Whole", "", "Its text"), item("Cut in CDATA", "", "Text cut in the mid"), ok()])

case("nested-cdata", rss(
    "<item><title>Nested CDATA</title><description><![CDATA[Before <![CDATA[inner <script>x()</script>]]> after]]></description></item>\n"
    "<item><title>Next item</title></item>\n"),
    [warning("not well-formed (line 6: Sequence ']]>' not allowed in content)"),
     item("Nested CDATA", "", "Before inner after"), item("Next item"), ok()])

case("raw-ampersand-at-end-of-link", '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>Amp</title>\n'
     "<item><title>First item</title><link>http://example/?a=1&b=2&c</link></item>\n"
     "<item><title>Second item</title><link>http://example/2</link></item>\n</channel></rss>\n",
     [warning("not well-formed (line 3: EntityRef: expecting ';')"),
      item("First item", "http://example/?a=1&b=2&c"), item("Second item", "http://example/2"), ok()])

case("truncated-at-closing-tag", '<?xml version="1.0"?>\n<rss version="2.0"><channel><title>Cut</title>\n'
     "<item><title>One</title><link>http://example/1</link></item>\n"
     "<item><title>Two</title><link>http://example/2</link></item>\n</channel>\n</rss",
     [warning("not well-formed (line 6: expected '>')"), item("One", "http://example/1"), item("Two", "http://example/2"), ok()])

case("less-than-in-text", rss(
    "<item><title>a < b, and <3 for 3 <= 4</title><link>https://example.org/lt</link></item>\n"
    "<item><title>Next</title><link>https://example.org/next</link></item>\n"),
    [warning("not well-formed (line 6: StartTag: invalid element name)"),
     item("a < b, and <3 for 3 <= 4", "https://example.org/lt"), item("Next", "https://example.org/next"), ok()])

case("html-left-open", rss(
    "<item><title>Line<br>break</title><description>One<p>two<br>three<img src=x.png></description><link>https://example.org/open</link></item>\n"
    "<item><title>Next</title><link>https://example.org/next</link></item>\n"),
    [warning("not well-formed (line 6: Opening and ending tag mismatch: br line 6 and title)"),
     item("Line break", "https://example.org/open", "One two three"), item("Next", "https://example.org/next"), ok()])

case("unquoted-and-repeated-attributes", '<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>Corpus</title>\n'
     "<entry><title type=text>Unquoted</title><link href=https://example.org/a?x=1&y=2 rel=alternate/></entry>\n"
     '<entry><title>Repeated</title><link rel="alternate" href="https://example.org/b" href="https://example.org/c"/></entry>\n'
     "<entry><title>Next</title><link href='https://example.org/d'/></entry>\n</feed>\n",
     [warning("not well-formed (line 3: AttValue: \" or ' expected)"),
      item("Unquoted", "https://example.org/a?x=1&y=2"), item("Repeated", "https://example.org/b"),
      item("Next", "https://example.org/d"), ok()])

case("stray-end-tag", rss(
    "<item><title>Stray</b> end tag</title><link>https://example.org/stray</link></item>\n"
    "<item><title>Next</title><link>https://example.org/next</link></item>\n"),
    [warning("not well-formed (line 6: Opening and ending tag mismatch: title line 6 and b)"),
     item("Stray end tag", "https://example.org/stray"), item("Next", "https://example.org/next"), ok()])

with open(os.path.join(HERE, "cases.txt"), "w") as f:
    f.write("".join(name + "\n" for name in cases))
