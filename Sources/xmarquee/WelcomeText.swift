/// What a first run with no text and no input shows, so it is never blank.
enum WelcomeText {
    static let messages = [
        "Welcome to xmarquee, a smooth-scrolling ticker for your X11 desktop",
        "Give it text: xmarquee \"Markets rally as tech stocks climb\"",
        "Or a file: xmarquee --file headlines.txt (re-read when it changes)",
        "Or a pipe: some-command | xmarquee -",
        "Or a bar on your screen's top edge: xmarquee --bar top",
        "Make it yours in ~/.config/xmarquee/config (see man xmarquee); saved changes show at once",
        "See xmarquee --help for fonts, colours, speed and direction",
    ]
}
