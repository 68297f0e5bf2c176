/// Sample documents in each format, written the way real feeds are (namespaces, CDATA,
/// entities escaped twice, HTML in descriptions, foreign elements inside items).
public enum FeedFixtures {
    public static let rss2 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"
             xmlns:content="http://purl.org/rss/1.0/modules/content/">
          <channel>
            <title>Example News</title>
            <link>https://news.example.com/</link>
            <atom:link href="https://news.example.com/rss" rel="self" type="application/rss+xml"/>
            <ttl>30</ttl>
            <item>
              <title>Markets rally as tech stocks climb</title>
              <link>https://news.example.com/markets</link>
              <atom:link href="https://elsewhere.example.com/" rel="related"/>
              <media:title>Not the title</media:title>
              <description><![CDATA[<p>Shares <b>rose</b> 3% &amp; more.</p><script>alert(1)</script>]]></description>
            </item>
            <item>
              <title>Tom &amp;amp; Jerry&#8217;s caf&amp;eacute; — &lt;b&gt;reopens&lt;/b&gt;</title>
              <link>https://news.example.com/cafe?a=1&amp;b=2</link>
              <description>The caf&amp;eacute; is back.</description>
            </item>
            <item>
              <description>An item with only a description</description>
            </item>
          </channel>
        </rss>
        """

    public static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Example Atom</title>
          <link href="https://atom.example.com/"/>
          <entry>
            <title type="html">Oil slips &lt;em&gt;2%&lt;/em&gt;</title>
            <link rel="self" href="https://atom.example.com/self/1"/>
            <link rel="alternate" type="text/html" href="https://atom.example.com/oil"/>
            <summary>Crude fell on Tuesday.</summary>
          </entry>
          <entry>
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">Rates <b>unchanged</b></div></title>
            <link href="https://atom.example.com/rates"/>
            <content type="html">&lt;p&gt;The bank held rates.&lt;/p&gt;</content>
          </entry>
        </feed>
        """

    public static let rdf = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:sy="http://purl.org/rss/1.0/modules/syndication/" xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="https://rdf.example.com/">
            <title>Example RDF</title>
            <link>https://rdf.example.com/</link>
            <sy:updatePeriod>hourly</sy:updatePeriod>
            <sy:updateFrequency>2</sy:updateFrequency>
            <items><rdf:Seq><rdf:li resource="https://rdf.example.com/1"/></rdf:Seq></items>
          </channel>
          <item rdf:about="https://rdf.example.com/1">
            <title>Slashdot-style headline</title>
            <link>https://rdf.example.com/1</link>
            <dc:title>not this</dc:title>
            <description>Some &lt;i&gt;text&lt;/i&gt;</description>
          </item>
          <item rdf:about="https://rdf.example.com/2">
            <title>Second RDF item</title>
            <link>https://rdf.example.com/2</link>
          </item>
        </rdf:RDF>
        """

    /// Cut short inside the only item's title: nothing to recover.
    public static let malformed = """
        <?xml version="1.0"?>
        <rss version="2.0"><channel><item><title>Cut sh
        """

    /// Not well-formed, but every item can be read: an HTML entity XML does not declare, a raw
    /// `&` in a link, a mismatched end tag.
    public static let recoverable = """
        <?xml version="1.0"?>
        <rss version="2.0"><channel>
        <item><title>Caf&eacute;&nbsp;opens</title><link>https://news.example.com/?a=1&b=2</link></item>
        <item><title>Second</titel></item>
        </channel></rss>
        """

    public static let htmlPage = """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>Not a feed</title></head>
        <body><p>Welcome to our site<br>Enjoy</body></html>
        """

    public static let opml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <opml version="2.0">
          <head><title>Subscriptions</title></head>
          <body>
            <outline text="News" title="News">
              <outline type="rss" text="Example" xmlUrl="https://news.example.com/rss"/>
              <outline type="rss" text="Atom" xmlUrl="https://atom.example.com/feed"/>
            </outline>
            <outline type="rss" text="Again" xmlUrl="https://news.example.com/rss"/>
            <outline text="A folder without a feed"/>
          </body>
        </opml>
        """
}
