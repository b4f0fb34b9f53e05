extension OAuth1Flavour {
    /// The Jira flavour's demo consumer key pair: a 2048-bit RSA private key made for this mock
    /// and published with it, so it protects nothing. `mock-servers` prints it, the ready file
    /// and ``OAuth1MockCredentials/privateKeyPEM`` carry it, and the mock's application link
    /// holds its public half, as a Jira administrator pastes it.
    static let jiraDemoPrivateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDgvRPBDQuqeiuc
        PKNSSUGKotzqMQWjiFQyuqxA/p2SffnE/+qPaSfhcOnVMezRz8IISR+iqGVvhI9R
        fxBrwhCNnKcaNLeuwTq/xAGaS5y/h80bglQzuFnHFaBupxuZbHN4ieKYOakw3Uwj
        bCJrcqoAf1NFsLNP57ZgCVcrwWg664beDoyv/4Rjp2raD/FiBwU/snCggaWjAE0I
        AN9JCOLiBjDkAEOGBP4O2UMWYBiYB0Zf7YkdbgDJm9XgCDFAZTOLxmtzx378V7kW
        2iH7VMU5RHxyhjpDzcVGMZ1cl+Ng440+uVe1C6BlSLYZzHaTPvgB53s5enCmRIpT
        8U3bBA9PAgMBAAECggEARGYHXxgDVu073J8v7dlR00niBnzJBI53YcEir91OQ8mH
        fQeOcftFIf3ljPdW5jxfB3qJ4E10Ic6sd9c+Pi2gMBlfWkB1LwCsSrTy7+zXVguU
        xyyRR/Rxjn/shgDiC33QXv1IM6BI+BBCHf3JM/5/8wrNY0Z2LHmPLgdpum1wtY1r
        RSeFSsEUT+7pzVkG/1y03JoHVeNKvtYg/XguF911hu6BPwSLb3YStnQoQAtbpMg+
        8Tr37qx6jul5I56c2HxCIxszUKZHNQupFKfegK6a3L9ULuP6owu/Pzcdko2VlVLj
        hKMmxp0QCsZv7H23nX3sQJdkN1XcE862/5gIUKSRwQKBgQD0XhfL1XjakS0hpaD0
        AKKxl0qU80AjdkckLTDzt2gvSbfFOKC+QCRthfwjbDJZC2jR0hefd3v4nVw55PCw
        pDytNgXKvq+0GucTddyJPwhuBEENut3ZXOeqIHH4WCQkKpY3Qzs6ycqmvzpNRskY
        xmFmWG21kGjMmBAvdXjXA8HhnwKBgQDrb8g1ivJH9TFJLQEleIymgGbH4wZo3PUg
        FLuYgJ1fUU37X1FR1OMhGO82JgMxSccKwHt2/O72IpiuXydpUFe4/RljBqZI38/N
        LmQAliOvso89w2Ly+QrIokqbrZKFzcvZXS5xZlCFumfozK1smI6wxEDaVy7PB7nG
        D2IOW6zUUQKBgQCEaOOuABq/G8D/pVaEQD/nyJmSAghz7qf3s0D+Hhgm32PjSp7W
        17ylV99adksFssf2QUepkb2r5eBOQn4kyKlUFZyn0hE0nwssoUWBXJU9v7JcNS/2
        kn+40GHQ9jmHG0hP428ZmLPlDGMT8lIOyZeHNE0l/3y5t3+1p4p1v0Rz8wKBgAS9
        CDODq2KlXauSW06MwY/sT6VAPXXI1KojoK7uD7zGXyJrBbD27udQoCff1fqc+IOP
        4iw/5PNROO9xfNKSymEvvt4OWTRoRL9lap/UZb14g4eDsi8fsgbdtVCyypskzDCA
        vpmLrJ00Zjj6PZdM7rpCCOgcDxYdmrCQyLFvSOgxAoGBANjxj2ywNdr05d+GtH6R
        tO2p75klFkpzxBBCLoTdGhvdTjtSKvoJ3OlfocM9IWI6F7YDa4HdzcAzclnKX4PB
        RLQ/5MgXdCW8i6V9A4ZILNTMjcRIFIxrgAPWLIOd4OU7Z28m1QpbCGygT+VWPzGI
        5N/sPqsohEh2bxUkkKD4SEKr
        -----END PRIVATE KEY-----
        """
}
